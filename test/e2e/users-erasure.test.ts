import { expect } from 'chai';
import { changeProjectSettings } from '../../commands/change-project-settings/handler.js';
import { LOGIN_PHRASINGS, waitForClusteredItem } from '../support/clusters.js';
import { expectEventually } from '../support/eventually.js';
import { submitFeedback } from '../support/feedback.js';
import { expectProblem, readJson, type TestProject } from '../support/http.js';
import { tablesContaining as rawTablesContaining } from '../support/raw-tables.js';
import { testContext } from '../support/test-context.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { identifyRequest, userRequest } from '../support/users.js';

/** Spec 4.7, 2.8, 3.5: DELETE /users/{userId} erases the user and everything of theirs, from the read models and the log. */
describe('DELETE /api/v1/users/{userId} (spec 4.7)', function () {
  this.timeout(180_000);
  // Values no other test uses: a raw search of every table finds them only where this user left them.
  const TARGET = 'zelphryn-user-4417';
  const EMAIL = 'zelphryn.mail@example.org';
  const PLAN = 'zelphrynplan';
  const KEEPER = 'keeper-user-1';
  let server: TestServer;
  let project: TestProject;
  let other: TestProject;
  const targetItems: string[] = [];
  const keeperItems: string[] = [];
  const clusterIds = new Set<string>();

  const del = (userId: string, key = project.secretKey) => server.request(`/api/v1/users/${encodeURIComponent(userId)}`, { method: 'DELETE', key });
  const status = (requestId: string, key = project.secretKey) => server.request(`/api/v1/users/deletions/${requestId}`, { key });

  const tablesContaining = (needle: string) => rawTablesContaining(server.runtime.db, needle);

  const clusterSizes = async () => {
    let total = 0;
    for (const id of clusterIds) {
      const response = await server.request(`/api/v1/clusters/${id}`, { key: project.secretKey });
      // A theme left empty may be gone: it then counts 0.
      if (response.status === 200) total += (await readJson(response)).cluster.size;
    }
    return total;
  };

  before(async () => {
    server = await startTestServer();
    project = await server.createProject({ name: 'User erasure', origins: ['https://app.example.com'] });
    other = await server.createProject({ name: 'User erasure other' });
    await changeProjectSettings(server.runtime, project.projectId, { customerValueTrait: 'mrr' }, testContext());
    const identified = await identifyRequest(server, project.secretKey, { userId: TARGET, traits: { plan: PLAN, email: EMAIL, mrr: 99.5 } });
    expect(identified.status).to.equal(200);
    for (const text of LOGIN_PHRASINGS.slice(0, 3)) targetItems.push(await submitFeedback(server, project.secretKey, { text, userId: TARGET }));
    for (const text of LOGIN_PHRASINGS.slice(3, 5)) keeperItems.push(await submitFeedback(server, project.secretKey, { text, userId: KEEPER }));
    for (const id of [...targetItems, ...keeperItems]) clusterIds.add((await waitForClusteredItem(server, project, id)).clusterId);
    // A cluster.resolved payload in the outbox lists a theme's users (spec 6).
    await server.runtime.db.query(
      `INSERT INTO webhook_deliveries (event_id, endpoint_id, project_id, kind, occurred_at, data, seq) VALUES ('evt_test', 'wh_test', $1, 'cluster.resolved', now(), $2, 0)`,
      [project.projectId, JSON.stringify({ clusterId: 'c', userIds: [KEEPER, TARGET] })],
    );
  });
  after(() => server.close());

  it('the raw search finds the user where they are before the erasure (it can fail)', async () => {
    expect(await tablesContaining(TARGET)).to.include.members(['events', 'users', 'user_feedback', 'feedback_items', 'webhook_deliveries']);
    expect(await tablesContaining(EMAIL)).to.include.members(['events', 'users']);
    expect(await tablesContaining(PLAN)).to.include.members(['events', 'users']);
  });

  describe('the erasure', () => {
    let requestId: string;
    let sizesBefore: number;

    before(async () => {
      sizesBefore = await clusterSizes();
      const response = await del(TARGET);
      expect(response.status, await response.clone().text()).to.equal(202);
      const body = await readJson(response);
      expect(body).to.have.all.keys('requestId', 'status');
      expect(body.status).to.equal('pending');
      requestId = body.requestId;
      await expectEventually(async () => expect((await readJson(await status(requestId))).status).to.equal('completed'), {
        timeoutMs: 60_000,
        intervalMs: 100,
      });
    });

    it('2.8, 3.5: the request reads completed with its times, naming no user', async () => {
      const body = await readJson(await status(requestId));
      expect(body).to.have.all.keys('requestId', 'status', 'requestedAt', 'completedAt');
      expect(body.requestId).to.equal(requestId);
      expect(Date.parse(body.completedAt)).to.be.at.least(Date.parse(body.requestedAt));
      expect(JSON.stringify(body)).not.to.include(TARGET);
    });

    it('4.6 after 4.7: the user is 404, and so is each of their items; the list no longer shows them', async () => {
      await expectProblem(await userRequest(server, project.secretKey, TARGET), 404, 'not-found');
      for (const id of targetItems) await expectProblem(await server.request(`/api/v1/feedback/${id}`, { key: project.secretKey }), 404, 'not-found');
      const list = await readJson(await server.request('/api/v1/feedback?limit=200', { key: project.secretKey }));
      expect(list.items.map((item: { id: string }) => item.id)).to.have.members(keeperItems);
    });

    it('4.7: no table, the event log included, holds the userId, the email or a trait value', async () => {
      for (const needle of [TARGET, EMAIL, PLAN]) expect(await tablesContaining(needle), needle).to.deep.equal([]);
      // An item id is random, not personal: `erased_streams` keeps it, as the name of a stream that
      // refuses appends, and a theme's own log may name it as what triggered a spike, a regression or a
      // reopening (the backfill rule reads it): a pointer to nothing now, and nothing else of the item.
      for (const id of targetItems) {
        const found = await tablesContaining(id);
        expect(
          found.filter((table) => table !== 'events'),
          id,
        ).to.deep.equal(['erased_streams']);
        const naming = await server.runtime.db.query<{ stream: string; data: Record<string, unknown> }>(
          `SELECT stream, data FROM events t WHERE position(lower($1) in lower(t::text)) > 0`,
          [id],
        );
        for (const event of naming.rows) {
          expect(event.stream, id).to.match(/^cluster-/);
          expect(event.data.triggeredByFeedbackId, id).to.equal(id);
        }
      }
    });

    it('4.7: the webhook outbox keeps the other users of a payload', async () => {
      const row = await server.runtime.db.query<{ data: { userIds: string[] } }>(`SELECT data FROM webhook_deliveries WHERE event_id = 'evt_test'`);
      expect(row.rows[0].data.userIds).to.deep.equal([KEEPER]);
    });

    it('4.7: theme sizes are recomputed without the erased items', async () => {
      expect(await clusterSizes()).to.equal(sizesBefore - targetItems.length);
    });

    it('another user of the project is untouched', async () => {
      const keeper = await readJson(await userRequest(server, project.secretKey, KEEPER));
      expect(keeper.feedbackCount).to.equal(keeperItems.length);
    });

    it('a second DELETE of the erased user is 404', async () => {
      await expectProblem(await del(TARGET), 404, 'not-found');
    });

    it('the same userId identified again starts a fresh profile (the erased stream stays erased)', async () => {
      const response = await identifyRequest(server, project.secretKey, { userId: TARGET, traits: { seats: 'three' } });
      expect(response.status, await response.clone().text()).to.equal(200);
      const user = await readJson(await userRequest(server, project.secretKey, TARGET));
      expect(user.traits).to.deep.equal({ seats: 'three' });
      expect(user.valueMarks).to.deep.equal({});
      expect(user.feedbackCount).to.equal(0);
    });
  });

  describe('addressing', () => {
    it("4.7: another project's user is 404 and is not erased; an unknown user is 404", async () => {
      await expectProblem(await del(KEEPER, other.secretKey), 404, 'not-found');
      await expectProblem(await del('nobody-at-all'), 404, 'not-found');
      expect((await userRequest(server, project.secretKey, KEEPER)).status).to.equal(200);
    });

    it("the status of another project's request, or of an unknown one, is 404", async () => {
      const requestId = (await readJson(await del(KEEPER))).requestId;
      await expectProblem(await status(requestId, other.secretKey), 404, 'not-found');
      await expectProblem(await status(`del_${'0'.repeat(32)}`), 404, 'not-found');
    });

    it('a widget key may not erase (spec 5.3): 401', async () => {
      const response = await server.request(`/api/v1/users/${KEEPER}`, {
        method: 'DELETE',
        key: project.widgetKey,
        headers: { Origin: 'https://app.example.com' },
      });
      await expectProblem(response, 401, 'unauthorized');
    });
  });

  describe('hostile path values', () => {
    it('NUL in the userId, or over 256 characters, is a 400 naming userId', async () => {
      for (const path of ['in%00put', 'u'.repeat(257)]) {
        const problem = await expectProblem(
          await server.request(`/api/v1/users/${path}`, { method: 'DELETE', key: project.secretKey }),
          400,
          'invalid-request',
        );
        expect(problem.errors.map((e: { field: string }) => e.field)).to.deep.equal(['userId']);
      }
    });

    it('a request id that is not one (empty-ish, huge, NUL, odd unicode) is a 400 naming requestId', async () => {
      for (const path of ['x', 'del_%00', `del_${'a'.repeat(5000)}`, 'del_%F0%9F%92%A9', 'del_x%ED%A0%80']) {
        const problem = await expectProblem(await server.request(`/api/v1/users/deletions/${path}`, { key: project.secretKey }), 400, 'invalid-request');
        expect(problem.errors.map((e: { field: string }) => e.field)).to.deep.equal(['requestId']);
      }
    });

    it('the service keeps answering', async () => {
      expect((await userRequest(server, project.secretKey, TARGET)).status).to.equal(200);
    });
  });
});
