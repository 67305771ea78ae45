import { expect } from 'chai';
import { changeProjectSettings } from '../../commands/change-project-settings/handler.js';
import { runPendingUserErasures } from '../../src/processes/user-erasure/resume.js';
import { submitFeedback } from '../support/feedback.js';
import { expectInvalidField, expectProblem, readJson, type TestProject } from '../support/http.js';
import { testContext } from '../support/test-context.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { identifyRequest, userRequest } from '../support/users.js';

/** Spec 2.3 (email-based identity), 4.1 `email`, 4.5 rule 2, 4.6 and 4.7 by email, 4.5 rule 7 (`trait=`). */
describe('email identity and shadow users (spec 2.3, 4.1, 4.5 rule 2)', function () {
  this.timeout(120_000);
  let server: TestServer;
  let project: TestProject;

  before(async () => {
    server = await startTestServer({ workers: false });
    project = await server.createProject({ name: 'Email identity' });
  });
  after(() => server.close());

  const identify = async (userId: string, traits: Record<string, unknown>, p = project) => {
    const response = await identifyRequest(server, p.secretKey, { userId, traits });
    expect(response.status, await response.clone().text()).to.equal(200);
  };
  const submit = (body: Record<string, unknown>, p = project) => submitFeedback(server, p.secretKey, { text: 'The export to PDF keeps failing', ...body });
  const user = async (ref: string, p = project) => {
    const response = await userRequest(server, p.secretKey, ref);
    expect(response.status, `${ref}: ${await response.clone().text()}`).to.equal(200);
    return readJson(response);
  };
  const list = async (query: string, p = project) => {
    const response = await server.request(`/api/v1/feedback?limit=200&${query}`, { key: p.secretKey });
    expect(response.status, await response.clone().text()).to.equal(200);
    return (await readJson(response)).items.map((item: { id: string }) => item.id).sort();
  };
  const projectWith = async (name: string, settings: Record<string, unknown>) => {
    const created = await server.createProject({ name });
    await changeProjectSettings(server.runtime, created.projectId, settings, testContext());
    return created;
  };

  it('2.3: feedback with an email and no userId creates a shadow user, found by that email (any case)', async () => {
    const id = await submit({ email: 'Sam@Example.com' });
    const shadow = await user('sam@example.com');
    expect(shadow).to.include({ userId: 'sam@example.com', feedbackCount: 1 });
    expect(shadow.traits).to.deep.equal({});
    expect(shadow.feedback.map((item: { id: string }) => item.id)).to.deep.equal([id]);
    expect((await user('SAM@example.com')).userId).to.equal('sam@example.com');
  });

  it("4.1, 4.5 rule 2: feedback with the email of a user's email trait lands on that user; the email finds the user", async () => {
    await identify('u-lee', { email: 'lee@example.com' });
    const id = await submit({ email: 'LEE@example.com' });
    const lee = await user('u-lee');
    expect(lee.feedback.map((item: { id: string }) => item.id)).to.deep.equal([id]);
    expect((await user('lee@example.com')).userId).to.equal('u-lee');
  });

  it('2.3: userId wins over email', async () => {
    await submit({ userId: 'u-pat', email: 'lee@example.com' });
    expect((await user('u-pat')).feedbackCount).to.equal(1);
    expect((await user('u-lee')).feedbackCount).to.equal(1);
  });

  it('2.3 (linking auto, the default): an identify call with the email merges the shadow user and its history; the alias keeps resolving', async () => {
    const early = [await submit({ email: 'kim@example.com' }), await submit({ email: 'kim@example.com', text: 'Dark mode please' })];
    expect((await user('kim@example.com')).userId).to.equal('kim@example.com');
    await identify('u-kim', { email: 'Kim@example.com', plan: 'pro' });
    const kim = await user('u-kim');
    expect(kim.feedback.map((item: { id: string }) => item.id).sort()).to.deep.equal([...early].sort());
    expect((await user('kim@example.com')).userId).to.equal('u-kim');
    const later = await submit({ email: 'kim@example.com' });
    expect((await user('u-kim')).feedbackCount).to.equal(3);
    expect(await list('userId=kim%40example.com')).to.deep.equal([...early, later].sort());
  });

  it('2.3: two accounts claiming one email are ambiguous: the first keeps it, nothing merges into the second', async () => {
    await identify('u-one', { email: 'shared@example.com' });
    await identify('u-two', { email: 'shared@example.com' });
    await submit({ email: 'shared@example.com' });
    expect((await user('u-one')).feedbackCount).to.equal(1);
    expect((await user('u-two')).feedbackCount).to.equal(0);
  });

  it('2.3: a role address (support@) never merges a shadow user on its own', async () => {
    await submit({ email: 'support@acme.example' });
    await identify('u-desk', { email: 'support@acme.example' });
    expect((await user('support@acme.example')).userId).to.equal('support@acme.example');
    expect((await user('u-desk')).feedbackCount).to.equal(0);
  });

  it('2.3: an address on the ignore list (exact or @domain) never merges', async () => {
    const ignoring = await projectWith('Ignore list', { identityLinkingIgnore: ['@mailbox.example', 'front@desk.example'] });
    for (const email of ['ops@mailbox.example', 'front@desk.example']) {
      await submit({ email }, ignoring);
      await identify(`u-${email}`, { email }, ignoring);
      expect((await user(email, ignoring)).userId).to.equal(email);
      expect((await user(`u-${email}`, ignoring)).feedbackCount).to.equal(0);
    }
  });

  it('2.3 (linking off): the shadow user stays apart and the email trait is no identity', async () => {
    const off = await projectWith('Linking off', { identityLinking: 'off' });
    await submit({ email: 'noa@example.com' }, off);
    await identify('u-noa', { email: 'noa@example.com' }, off);
    await submit({ email: 'noa@example.com' }, off);
    expect((await user('noa@example.com', off)).feedbackCount).to.equal(2);
    expect((await user('u-noa', off)).feedbackCount).to.equal(0);
  });

  it('2.3 (linking suggest): new feedback by the email lands on the user, but the shadow user is not merged without confirmation', async () => {
    const suggest = await projectWith('Linking suggest', { identityLinking: 'suggest' });
    await submit({ email: 'ida@example.com' }, suggest);
    await identify('u-ida', { email: 'ida@example.com' }, suggest);
    await submit({ email: 'ida@example.com' }, suggest);
    expect((await user('u-ida', suggest)).feedbackCount).to.equal(1);
    expect((await user('ida@example.com', suggest)).userId).to.equal('u-ida');
  });

  it("4.6: another project's user, by userId or email, is 404", async () => {
    const other = await server.createProject({ name: 'Email identity other' });
    for (const ref of ['u-kim', 'kim@example.com', 'sam@example.com']) await expectProblem(await userRequest(server, other.secretKey, ref), 404, 'not-found');
  });

  describe('GET /api/v1/feedback filters userId and trait (spec 4.5 rule 7)', () => {
    let proItems: string[];
    let freeItems: string[];
    let filters: TestProject;

    before(async () => {
      filters = await server.createProject({ name: 'Filters' });
      await identify('ann', { plan: 'pro', seats: 5 }, filters);
      await identify('bob', { plan: 'free', seats: 1 }, filters);
      proItems = [await submit({ userId: 'ann' }, filters), await submit({ userId: 'ann' }, filters)];
      freeItems = [await submit({ userId: 'bob' }, filters)];
      await submit({}, filters);
    });

    it('userId= gives the items of that user; an unknown user gives none', async () => {
      expect(await list('userId=ann', filters)).to.deep.equal([...proItems].sort());
      expect(await list('userId=nobody', filters)).to.deep.equal([]);
    });

    it("trait=key:value matches users' traits; the same key repeated is OR, different keys AND; numbers match as numbers", async () => {
      expect(await list('trait=plan:pro', filters)).to.deep.equal([...proItems].sort());
      expect(await list('trait=plan:pro&trait=plan:free', filters)).to.deep.equal([...proItems, ...freeItems].sort());
      expect(await list('trait=plan:pro&trait=seats:1', filters)).to.deep.equal([]);
      expect(await list('trait=seats:1', filters)).to.deep.equal([...freeItems].sort());
    });

    it('hostile values are a 400 naming the parameter', async () => {
      await expectInvalidField(await server.request(`/api/v1/feedback?userId=${'u'.repeat(257)}`, { key: filters.secretKey }), 'userId');
      await expectInvalidField(await server.request('/api/v1/feedback?userId=a%00b', { key: filters.secretKey }), 'userId');
      await expectInvalidField(await server.request('/api/v1/feedback?trait=nocolon', { key: filters.secretKey }), 'trait.0');
      await expectInvalidField(await server.request(`/api/v1/feedback?trait=plan:${'x'.repeat(400)}`, { key: filters.secretKey }), 'trait.0');
      expect(await list('trait=plan:pro', filters)).to.have.length(2);
    });
  });

  it('4.7: erasing by the email of a merged profile erases the whole profile, the shadow history included', async () => {
    const before = await user('u-kim');
    const response = await server.request('/api/v1/users/kim%40example.com', { method: 'DELETE', key: project.secretKey });
    expect(response.status).to.equal(202);
    const { requestId } = await readJson(response);
    while ((await runPendingUserErasures(server.runtime)) > 0);
    expect((await readJson(await server.request(`/api/v1/users/deletions/${requestId}`, { key: project.secretKey }))).status).to.equal('completed');
    for (const ref of ['u-kim', 'kim@example.com']) await expectProblem(await userRequest(server, project.secretKey, ref), 404, 'not-found');
    for (const item of before.feedback) await expectProblem(await server.request(`/api/v1/feedback/${item.id}`, { key: project.secretKey }), 404, 'not-found');
    const raw = await server.runtime.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM events WHERE position('kim@example.com' in lower(data::text)) > 0 OR position('u-kim' in data::text) > 0`,
    );
    expect(raw.rows[0].n).to.equal(0);
    const aliases = await server.runtime.db.query(`SELECT 1 FROM user_aliases WHERE email = 'kim@example.com'`);
    expect(aliases.rowCount).to.equal(0);
  });
});
