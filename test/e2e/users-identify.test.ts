import { testContext } from '../support/test-context.js';
import { expect } from 'chai';
import { changeProjectSettings } from '../../commands/change-project-settings/handler.js';
import { userStream } from '../../src/domain/user/events.js';
import { expectProblem, readJson, type TestProject } from '../support/http.js';
import { MutableClock } from '../support/mutable-clock.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { countEvents, identifyRequest, userRequest } from '../support/users.js';

const ORIGIN = 'https://app.example.com';
const START = new Date('2026-03-02T09:00:05.000Z');

describe('POST /api/v1/users/identify (spec 4.5, 5.7)', function () {
  this.timeout(60_000);
  const clock = new MutableClock(START);
  let server: TestServer;
  let project: TestProject;
  let userCount = 0;

  before(async () => {
    server = await startTestServer({ workers: false, clock });
    project = await server.createProject({ name: 'Identify', origins: [ORIGIN] });
    await changeProjectSettings(server.runtime, project.projectId, { customerValueTrait: 'mrr' }, testContext());
  });
  after(() => server.close());

  /** Each test its own user; the clock moves a minute per test, so no test meets another's rate limit. */
  let userId: string;
  beforeEach(() => {
    userId = `user-${++userCount}`;
    clock.advance(60_000);
  });

  const identify = (key: string, traits: Record<string, unknown>, id = userId) => identifyRequest(server, key, { userId: id, traits });
  const asSecret = (traits: Record<string, unknown>) => identify(project.secretKey, traits);
  const asWidget = (traits: Record<string, unknown>) => identify(project.widgetKey, traits);

  async function ok(response: Response): Promise<any> {
    expect(response.status, await response.clone().text()).to.equal(200);
    return readJson(response);
  }
  const profile = async (id = userId) => readJson(await userRequest(server, project.secretKey, id));
  /** The profile exactly as served: a refused call must not change one byte of it. */
  const profileText = async (id = userId) => (await userRequest(server, project.secretKey, id)).text();

  describe('rule 1: traits shallow-merge; at most 32 keys and 8 KB', () => {
    it('4.5 rule 1 (secret key): a second call adds and replaces keys and keeps the others', async () => {
      await ok(await asSecret({ plan: 'free', locale: 'de', beta: true }));
      const body = await ok(await asSecret({ plan: 'pro', seats: 5 }));
      expect(body.traits).to.deep.equal({ plan: 'pro', locale: 'de', beta: true, seats: 5 });
      expect((await profile()).traits).to.deep.equal({ plan: 'pro', locale: 'de', beta: true, seats: 5 });
    });

    it('4.5 rule 1 (widget key): its strings and booleans merge in the same way', async () => {
      await ok(await asSecret({ plan: 'pro', locale: 'de' }));
      await ok(await asWidget({ locale: 'fr', darkMode: true }));
      expect((await profile()).traits).to.deep.equal({ plan: 'pro', locale: 'fr', darkMode: true });
    });

    const keys = (n: number, prefix: string) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`${prefix}${i}`, 'v']));

    for (const keyType of ['secret', 'widget'] as const) {
      it(`4.5 rule 1 (${keyType} key): 33 keys in one call is 400 naming traits; 33 after the merge too; nothing is written`, async () => {
        const key = keyType === 'secret' ? project.secretKey : project.widgetKey;
        await ok(await identify(key, keys(20, 'a')));
        const before = await profileText();
        const events = await countEvents(server);
        const inOneCall = await expectProblem(await identify(key, keys(33, 'b')), 400, 'invalid-request');
        expect(inOneCall.errors.map((e: { field: string }) => e.field)).to.deep.equal(['traits']);
        const afterMerge = await expectProblem(await identify(key, keys(13, 'c')), 400, 'invalid-request');
        expect(afterMerge.errors).to.deep.equal([
          { field: 'traits', message: 'the user would hold 33 traits; at most 32 (a secret key removes one with null)' },
        ]);
        expect(await profileText()).to.equal(before);
        expect(await countEvents(server)).to.equal(events);
        expect(Object.keys((await ok(await identify(project.secretKey, keys(12, 'c')))).traits)).to.have.length(32);
      });

      it(`4.5 rule 1 (${keyType} key): more than 8 KB of traits, in the call or after the merge, is 400 naming traits; nothing is written`, async () => {
        const key = keyType === 'secret' ? project.secretKey : project.widgetKey;
        await ok(await identify(key, { a: 'x'.repeat(4000) }));
        const before = await profileText();
        const inOneCall = await expectProblem(await identify(key, { b: 'x'.repeat(8200) }), 400, 'invalid-request');
        expect(inOneCall.errors.map((e: { field: string }) => e.field)).to.deep.equal(['traits']);
        const afterMerge = await expectProblem(await identify(key, { b: 'x'.repeat(4200) }), 400, 'invalid-request');
        expect(afterMerge.errors[0].field).to.equal('traits');
        expect(afterMerge.detail).to.match(/at most 8192/);
        expect(await profileText()).to.equal(before);
      });
    }
  });

  describe('rule 3: the secret-key answer, and null', () => {
    it('4.5 rule 3: a secret key gets 200 { userId, traits } with the merged traits', async () => {
      await ok(await asSecret({ plan: 'free', locale: 'de' }));
      const body = await ok(await asSecret({ plan: 'pro' }));
      expect(body).to.deep.equal({ userId, traits: { plan: 'pro', locale: 'de' } });
    });

    it('4.5 rule 3: a trait sent as null is removed, together with its recorded value (value mark)', async () => {
      await ok(await asSecret({ seats: 5, plan: 'pro', mrr: 20 }));
      expect(Object.keys((await profile()).valueMarks)).to.deep.equal(['mrr', 'seats']);
      const body = await ok(await asSecret({ seats: null, mrr: null, unknown: null }));
      expect(body.traits).to.deep.equal({ plan: 'pro' });
      const after = await profile();
      expect(after.traits).to.deep.equal({ plan: 'pro' });
      expect(after.valueMarks).to.deep.equal({});
    });
  });

  describe('rule 4: the customer-value trait (here `mrr`)', () => {
    const accepted: [unknown, number][] = [
      [0, 0],
      [49.99, 49.99],
      ['49.99', 49.99],
      ['0049.90', 49.9],
      [999_999_999_999, 999_999_999_999],
      ['999999999999', 999_999_999_999],
      ['123456789012.345', 123456789012.345],
    ];
    for (const [value, amount] of accepted) {
      it(`4.5 rule 4: ${JSON.stringify(value)} is accepted in major units and kept exactly: ${amount}`, async () => {
        const body = await ok(await asSecret({ mrr: value }));
        expect(body.traits.mrr).to.equal(amount);
        const user = await profile();
        expect(user.traits.mrr).to.equal(amount);
        expect(user.valueMarks.mrr.current).to.equal(amount);
      });
    }

    it('4.5 rule 4: "49.99" stays 49.99 in the stored read model (exact decimal, no float drift)', async () => {
      await ok(await asSecret({ mrr: '49.99' }));
      const rows = await server.runtime.db.query<{ current: string; trait: string }>(
        `SELECT current::text AS current, traits->>'mrr' AS trait FROM user_value_marks JOIN users USING (project_id, user_id) WHERE user_id = $1`,
        [userId],
      );
      expect(rows.rows).to.deep.equal([{ current: '49.99', trait: '49.99' }]);
    });

    const refused: unknown[] = [
      -1,
      '-5',
      -0.01,
      true,
      false,
      '1,000',
      '1.000,50',
      '$49',
      '49.99 USD',
      '€49',
      '49,99',
      'forty',
      '',
      ' 49',
      '1e3',
      1e12,
      '1000000000000',
      49.999_9,
      0.1 + 0.2,
    ];
    for (const value of refused) {
      it(`4.5 rule 4: ${JSON.stringify(value)} is 422 invalid-customer-value with key, and nothing from the call is written`, async () => {
        await ok(await asSecret({ mrr: 10, plan: 'free' }));
        const before = await profileText();
        const events = await countEvents(server);
        const problem = await expectProblem(await asSecret({ plan: 'pro', seats: 3, beta: null, mrr: value }), 422, 'invalid-customer-value');
        expect(problem.key).to.equal('mrr');
        expect(problem.detail).to.include('mrr');
        expect(await profileText()).to.equal(before);
        expect(await countEvents(server)).to.equal(events);
      });
    }

    it('4.5 rule 4: a user who was never identified is not created by a refused call', async () => {
      await expectProblem(await asSecret({ plan: 'pro', mrr: '$10' }), 422, 'invalid-customer-value');
      await expectProblem(await userRequest(server, project.secretKey, userId), 404, 'not-found');
      expect(await server.runtime.store.readStream(userStream(project.projectId, userId))).to.deep.equal([]);
    });

    it('4.5 rule 4: 0 when the customer stops paying keeps the trait at 0 and marks the loss; null removes the value', async () => {
      await ok(await asSecret({ mrr: 30 }));
      const paidAt = clock.now().toISOString();
      clock.advance(1000);
      expect((await ok(await asSecret({ mrr: 0 }))).traits).to.deep.equal({ mrr: 0 });
      const lost = { current: 0, lastPositive: 30, lastPositiveAt: paidAt, payingSince: null, lostAt: clock.now().toISOString() };
      expect((await profile()).valueMarks.mrr).to.deep.equal(lost);
      expect((await ok(await asSecret({ mrr: null }))).traits).to.deep.equal({});
      expect((await profile()).valueMarks).to.deep.equal({});
    });

    it('4.5 rule 4, 5.7: a widget key may not set, change or remove it: dropped with value_requires_secret_key, the rest saved', async () => {
      for (const value of [25, '25', null, -3, 'not money']) {
        const body = await ok(await asWidget({ mrr: value, locale: 'de' }));
        expect(body).to.deep.equal({ userId, warnings: [{ code: 'value_requires_secret_key', key: 'mrr' }] });
      }
      expect((await profile()).traits).to.deep.equal({ locale: 'de' });
      await ok(await asSecret({ mrr: 40 }));
      await ok(await asWidget({ mrr: null }));
      await ok(await asWidget({ mrr: 0 }));
      expect((await profile()).traits.mrr).to.equal(40);
    });
  });

  describe('rules 5 and 6: widget keys', () => {
    it('4.5 rule 5: the answer never echoes traits: { userId, warnings }', async () => {
      await ok(await asSecret({ plan: 'pro', seats: 5 }));
      const body = await ok(await asWidget({ locale: 'de' }));
      expect(body).to.deep.equal({ userId, warnings: [] });
    });

    it('4.5 rules 5, 6: a trait sent as null is dropped with unset_requires_secret_key, the rest saved', async () => {
      await ok(await asSecret({ plan: 'pro' }));
      const body = await ok(await asWidget({ plan: null, locale: 'de' }));
      expect(body.warnings).to.deep.equal([{ code: 'unset_requires_secret_key', key: 'plan' }]);
      expect((await profile()).traits).to.deep.equal({ plan: 'pro', locale: 'de' });
    });

    it('4.5 rules 5, 6: a number no server has set is saved without a warning (only the customer value needs a secret key); it makes no value mark', async () => {
      const body = await ok(await asWidget({ seats: 3, ratio: 0.5, beta: true }));
      expect(body.warnings).to.deep.equal([]);
      const user = await profile();
      expect(user.traits).to.deep.equal({ seats: 3, ratio: 0.5, beta: true });
      expect(user.valueMarks).to.deep.equal({});
    });

    it('4.5 rule 5: a numeric trait already set by a server keeps the server value, with no warning', async () => {
      await ok(await asSecret({ seats: 5, plan: 'pro' }));
      const body = await ok(await asWidget({ seats: 50, plan: 'free' }));
      expect(body.warnings).to.deep.equal([]);
      await ok(await asWidget({ seats: 'lots' }));
      const user = await profile();
      expect(user.traits).to.deep.equal({ seats: 5, plan: 'free' });
      expect(user.valueMarks.seats.current).to.equal(5);
    });

    it('4.5 rule 6: both codes in one answer, in the order the traits were sent', async () => {
      const body = await ok(await asWidget({ a: null, mrr: 5, b: 'kept', c: 1, d: null }));
      expect(body.warnings).to.deep.equal([
        { code: 'unset_requires_secret_key', key: 'a' },
        { code: 'value_requires_secret_key', key: 'mrr' },
        { code: 'unset_requires_secret_key', key: 'd' },
      ]);
    });

    it('spec 5.3, 5.4: a widget key works only from an allowed origin (403 origin-not-allowed), with CORS for that origin', async () => {
      const allowed = await asWidget({ locale: 'de' });
      expect(allowed.headers.get('access-control-allow-origin')).to.equal(ORIGIN);
      await expectProblem(
        await identifyRequest(server, project.widgetKey, { userId, traits: { locale: 'fr' } }, { Origin: 'https://evil.example.net' }),
        403,
        'origin-not-allowed',
      );
      expect((await profile()).traits).to.deep.equal({ locale: 'de' });
    });
  });

  describe('rule 8 and keys', () => {
    for (const keyType of ['secret', 'widget'] as const) {
      it(`4.5 rule 8, spec 8 (${keyType} key): 120 requests a minute per key, the 121st is 429 with Retry-After and writes nothing`, async () => {
        const fresh = await server.createProject({ name: `Identify limit ${keyType}`, origins: [ORIGIN] });
        const key = keyType === 'secret' ? fresh.secretKey : fresh.widgetKey;
        clock.set(new Date(Math.ceil(clock.now().getTime() / 60_000) * 60_000 + 5_000));
        for (let i = 1; i <= 120; i++) {
          const response = await identifyRequest(server, key, { userId: `u${i % 3}`, traits: {} });
          expect(response.status, `request ${i}`).to.equal(200);
          expect(response.headers.get('x-ratelimit-limit')).to.equal('120');
          expect(response.headers.get('x-ratelimit-remaining')).to.equal(String(120 - i));
        }
        const events = await countEvents(server);
        const limited = await identifyRequest(server, key, { userId: 'u1', traits: { plan: 'pro' } });
        await expectProblem(limited, 429, 'rate-limited');
        expect(limited.headers.get('retry-after')).to.equal('55');
        expect(await countEvents(server)).to.equal(events);
        clock.advance(60_000);
        expect((await identifyRequest(server, key, { userId: 'u1', traits: {} })).status).to.equal(200);
      });
    }

    it('spec 5.5: no key is 401 unauthorized', async () => {
      await expectProblem(
        await server.request('/api/v1/users/identify', { method: 'POST', body: JSON.stringify({ userId, traits: {} }) }),
        401,
        'unauthorized',
      );
    });

    it("spec 1, convention 2: a user belongs to the key's project only", async () => {
      const other = await server.createProject({ name: 'Identify other' });
      await ok(await asSecret({ plan: 'pro' }));
      await ok(await identify(other.secretKey, { plan: 'enterprise' }));
      expect((await profile()).traits).to.deep.equal({ plan: 'pro' });
      expect((await readJson(await userRequest(server, other.secretKey, userId))).traits).to.deep.equal({ plan: 'enterprise' });
    });

    it('spec 9.3: both routes are in the OpenAPI document, with their key types and the identify limit', async () => {
      const doc = await readJson(await server.request('/api/v1/openapi.json'));
      expect(doc.paths['/api/v1/users/identify'].post).to.include({ operationId: 'identifyUser', 'x-rate-limit-per-minute': 120 });
      expect(doc.paths['/api/v1/users/identify'].post['x-key-types']).to.deep.equal(['secret', 'widget']);
      expect(Object.keys(doc.paths['/api/v1/users/identify'].post.responses)).to.include.members(['200', '400', '401', '403', '413', '422', '429']);
      expect(doc.paths['/api/v1/users/{userId}'].get['x-key-types']).to.deep.equal(['secret']);
      expect(doc.components.schemas).to.include.keys('User', 'ValueMark', 'Traits', 'IdentifyResult', 'IdentifyWarning');
    });

    it('the event records the request and the key by id, never the key', async () => {
      await ok(await identifyRequest(server, project.secretKey, { userId, traits: { plan: 'pro' } }, { 'X-Request-Id': 'identify-meta-1' }));
      const [event] = await server.runtime.store.readStream(userStream(project.projectId, userId));
      expect(event.type).to.equal('UserIdentified');
      expect(event.metadata).to.deep.include({ correlationId: 'identify-meta-1', causationId: 'identify-meta-1' });
      expect(JSON.stringify(event.metadata)).to.not.include(project.secretKey);
    });
  });
});
