import { expect } from 'chai';
import { expectProblem, readJson, type TestProject } from '../support/http.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { countEvents, identifyRequest, userRequest, WIDGET_ORIGIN } from '../support/users.js';

/**
 * Spec 4.5 body rules and spec 7: every bad request is a 400 naming the field (`traits.<key>` for
 * a trait), for both key types, and changes nothing: the profile reads the same to the byte.
 */
describe('POST /api/v1/users/identify refuses bad and hostile input (spec 4.5, 7, 8)', function () {
  this.timeout(60_000);
  let server: TestServer;
  let project: TestProject;
  const USER = 'input-user';

  before(async () => {
    server = await startTestServer({ workers: false });
    project = await server.createProject({ name: 'Identify input', origins: [WIDGET_ORIGIN] });
    const seeded = await identifyRequest(server, project.secretKey, { userId: USER, traits: { plan: 'pro', seats: 5 } });
    expect(seeded.status).to.equal(200);
  });
  after(() => server.close());

  const profileText = async () => (await userRequest(server, project.secretKey, USER)).text();

  /** A 400 naming `field` (among others), with neither the profile nor the log changed. */
  async function expectRefused(key: string, body: unknown, field: string): Promise<{ field: string; message: string }> {
    const before = await profileText();
    const events = await countEvents(server);
    const raw = typeof body === 'string' ? body : JSON.stringify(body);
    const headers: Record<string, string> = key.startsWith('pk_') ? { Origin: WIDGET_ORIGIN } : {};
    const problem = await expectProblem(await server.request('/api/v1/users/identify', { method: 'POST', key, body: raw, headers }), 400, 'invalid-request');
    const named = problem.errors.find((error: { field: string }) => error.field === field);
    expect(named, `errors ${JSON.stringify(problem.errors).slice(0, 300)} name ${field}`).to.not.equal(undefined);
    expect(problem.detail).to.include(field.slice(0, 50));
    expect(await profileText()).to.equal(before);
    expect(await countEvents(server)).to.equal(events);
    return named;
  }

  const deep = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;
  const cases: [string, unknown, string][] = [
    ['userId missing', { traits: {} }, 'userId'],
    ['traits missing', { userId: USER }, 'traits'],
    ['an unknown property, with the one it meant', { userId: USER, traits: {}, trait: {} }, 'trait'],
    ['userId not a string', { userId: 42, traits: {} }, 'userId'],
    ['userId empty', { userId: '', traits: {} }, 'userId'],
    ['userId over 256 characters', { userId: 'u'.repeat(257), traits: {} }, 'userId'],
    ['userId of white space and invisible characters only', { userId: ' \u200b\t', traits: {} }, 'userId'],
    ['userId with NUL', { userId: 'in\u0000put', traits: {} }, 'userId'],
    ['userId with a lone surrogate (cut mid-emoji)', { userId: 'input-\ud83d', traits: {} }, 'userId'],
    ['traits an array', { userId: USER, traits: ['plan'] }, 'traits'],
    ['traits a string', { userId: USER, traits: 'plan=pro' }, 'traits'],
    ['traits null', { userId: USER, traits: null }, 'traits'],
    ['a trait value that is an object', { userId: USER, traits: { plan: { tier: 'pro' } } }, 'traits.plan'],
    ['a trait value that is an array', { userId: USER, traits: { tags: ['a', 'b'] } }, 'traits.tags'],
    ['a trait value with NUL', { userId: USER, traits: { plan: 'p\u0000ro' } }, 'traits.plan'],
    ['a trait value with a lone surrogate', { userId: USER, traits: { plan: 'pro \udc00' } }, 'traits.plan'],
    ['a trait key with NUL', { userId: USER, traits: { 'pl\u0000an': 'pro' } }, 'traits.pl\ufffdan'],
    ['an empty trait key', { userId: USER, traits: { '': 'x' } }, 'traits.(empty key)'],
    ['an invisible trait key', { userId: USER, traits: { '\u200b': 'x' } }, 'traits.\u200b'],
    ['a trait key with ":" (traits are filtered as key:value)', { userId: USER, traits: { 'utm:source': 'x' } }, 'traits.utm:source'],
    ['a trait key over 256 characters', { userId: USER, traits: { ['k'.repeat(257)]: 'x' } }, `traits.${'k'.repeat(100)}…`],
    ['a trait value over 8 KB', { userId: USER, traits: { notes: 'x'.repeat(9000) } }, 'traits'],
    ['33 traits', { userId: USER, traits: Object.fromEntries(Array.from({ length: 33 }, (_, i) => [`k${i}`, i])) }, 'traits'],
  ];
  for (const keyType of ['secret', 'widget'] as const) {
    describe(`with a ${keyType} key`, () => {
      const key = () => (keyType === 'secret' ? project.secretKey : project.widgetKey);
      for (const [name, body, field] of cases) {
        it(`${name}: 400 naming ${field.slice(0, 40)}, nothing changed`, () => expectRefused(key(), body, field).then(() => undefined));
      }

      it('a trait value nested 20,000 levels deep: 400 naming the trait, not a crash', async () => {
        await expectRefused(key(), `{"userId":"${USER}","traits":{"plan":${deep(20_000)}}}`, 'traits.plan');
      });

      it('invalid JSON: 400, nothing changed', async () => {
        const before = await profileText();
        const headers: Record<string, string> = keyType === 'widget' ? { Origin: WIDGET_ORIGIN } : {};
        const response = await server.request('/api/v1/users/identify', { method: 'POST', key: key(), body: '{"userId": "input-user", "traits": {', headers });
        expect((await expectProblem(response, 400, 'invalid-request')).detail).to.match(/JSON/);
        expect(await profileText()).to.equal(before);
      });
    });
  }

  it('a body over 64 KB is 413 payload-too-large (spec 8), nothing changed', async () => {
    const before = await profileText();
    const body = JSON.stringify({ userId: USER, traits: { notes: 'x'.repeat(70 * 1024) } });
    await expectProblem(await server.request('/api/v1/users/identify', { method: 'POST', key: project.secretKey, body }), 413, 'payload-too-large');
    expect(await profileText()).to.equal(before);
  });

  it('at the limits: a 256-character userId (emoji count once), 32 traits, keys of 256 characters, are accepted', async () => {
    const userId = '😀'.repeat(256);
    const traits = Object.fromEntries(Array.from({ length: 32 }, (_, i) => [i < 2 ? `${i}`.padEnd(256, 'k') : `k${i}`, i % 2 === 0 ? 'v' : true]));
    const response = await identifyRequest(server, project.secretKey, { userId, traits });
    expect(response.status).to.equal(200);
    expect(Object.keys((await readJson(response)).traits)).to.have.length(32);
    expect((await readJson(await userRequest(server, project.secretKey, userId))).userId).to.equal(userId);
  });

  it('a trait may be named __proto__ or constructor and is stored as a trait like any other', async () => {
    const body = '{"userId":"proto-user","traits":{"__proto__":"polluted?","constructor":"c","toString":1}}';
    const response = await server.request('/api/v1/users/identify', { method: 'POST', key: project.secretKey, body });
    expect(await readJson(response)).to.deep.equal(JSON.parse('{"userId":"proto-user","traits":{"__proto__":"polluted?","constructor":"c","toString":1}}'));
    const user = await readJson(await userRequest(server, project.secretKey, 'proto-user'));
    expect(Object.entries(user.traits).sort()).to.deep.equal([
      ['__proto__', 'polluted?'],
      ['constructor', 'c'],
      ['toString', 1],
    ]);
    expect(({} as Record<string, unknown>).polluted).to.equal(undefined);
  });

  describe('GET /api/v1/users/{userId} path values (spec 4.6)', () => {
    it('NUL in the path is a 400 naming userId; over 256 characters too', async () => {
      for (const path of ['in%00put', 'u'.repeat(257)]) {
        const problem = await expectProblem(await server.request(`/api/v1/users/${path}`, { key: project.secretKey }), 400, 'invalid-request');
        expect(problem.errors.map((e: { field: string }) => e.field)).to.deep.equal(['userId']);
      }
    });

    it('a percent-encoding that is not UTF-8 (a lone surrogate) is taken as written: no such user, 404', async () => {
      await expectProblem(await server.request('/api/v1/users/x%ED%A0%80', { key: project.secretKey }), 404, 'not-found');
    });

    it('the service keeps answering after all of them', async () => {
      expect((await userRequest(server, project.secretKey, USER)).status).to.equal(200);
    });
  });
});
