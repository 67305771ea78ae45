import { expect } from 'chai';
import type { Analysis, Analyzer } from '../../src/analysis/analyzer.js';
import { loadOfflineAnalyzer } from '../../src/analysis/offline/index.js';
import { AnalysisWorker } from '../../src/work/analysis-worker.js';
import { waitForCluster, waitForClusteringIdle } from '../support/clusters.js';
import { postFeedback, submitFeedback, untilConsumersCaughtUp } from '../support/feedback.js';
import { expectProblem, readJson, type TestProject } from '../support/http.js';
import { startTestServer, waitForProcessed, type TestServer } from '../support/test-server.js';

/** Helpers over one server: submit, read, delete and search the raw tables. */
function helpers(getServer: () => TestServer) {
  const server = () => getServer();
  return {
    submit: (project: TestProject, text: string, headers?: Record<string, string>) => submitFeedback(server(), project.secretKey, { text }, headers),
    get: (project: TestProject, id: string) => server().request(`/api/v1/feedback/${id}`, { key: project.secretKey }),
    del: (project: TestProject, id: string) => server().request(`/api/v1/feedback/${id}`, { method: 'DELETE', key: project.secretKey }),
    /** Rows of `table` whose text form contains `needle`. */
    async rowsContaining(table: string, needle: string): Promise<number> {
      const result = await server().runtime.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM "${table}" t WHERE position($1 in t::text) > 0`, [needle]);
      return Number(result.rows[0].n);
    },
    async eventsOf(id: string): Promise<Array<{ type: string }>> {
      const result = await server().runtime.db.query<{ type: string }>(`SELECT type FROM events WHERE stream = $1 ORDER BY revision`, [`feedback-${id}`]);
      return result.rows;
    },
    async isErased(id: string): Promise<boolean> {
      const result = await server().runtime.db.query(`SELECT 1 FROM erased_streams WHERE stream = $1`, [`feedback-${id}`]);
      return result.rowCount === 1;
    },
    async jobsOf(id: string): Promise<number> {
      const result = await server().runtime.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM analysis_jobs WHERE feedback_id = $1`, [id]);
      return Number(result.rows[0].n);
    },
  };
}

const expectNotFound = (response: Response) => expectProblem(response, 404, 'not-found');

describe('DELETE /api/v1/feedback/{id} (spec 4.4)', function () {
  this.timeout(120_000);
  let server: TestServer;
  let project: TestProject;
  let other: TestProject;
  const h = helpers(() => server);

  before(async () => {
    server = await startTestServer();
    project = await server.createProject({ name: 'Delete', origins: ['https://app.example.com'] });
    other = await server.createProject({ name: 'Delete other' });
  });
  after(() => server.close());

  describe('hard delete of a processed item', () => {
    const MARKER = 'quokkazanzibar7731';
    let deleted: string;
    const survivors: string[] = [];
    const survivorTexts = ['The search results load quickly now, great improvement.', 'Please add keyboard shortcuts to the editor.'];

    before(async () => {
      deleted = await h.submit(project, `My account ${MARKER} shows the wrong invoices since the update.`);
      for (const text of survivorTexts) survivors.push(await h.submit(project, text));
      for (const id of [deleted, ...survivors]) await waitForProcessed(server, project.secretKey, id);
      expect(await h.rowsContaining('events', MARKER)).to.equal(1);
      expect(await h.rowsContaining('feedback_items', MARKER)).to.equal(1);
    });

    it('answers 204 with no body, then GET is 404 and a second DELETE is 404', async () => {
      const response = await h.del(project, deleted);
      expect(response.status).to.equal(204);
      expect(await response.text()).to.equal('');
      await expectNotFound(await h.get(project, deleted));
      await expectNotFound(await h.del(project, deleted));
    });

    it('the text is gone from the event log, the read model and the work tables', async () => {
      const raw = await server.runtime.db.query<{ data: string }>(`SELECT data::text AS data FROM events`);
      expect(raw.rows.some((r) => r.data.includes(MARKER))).to.equal(false);
      expect(raw.rows.some((r) => r.data.includes(deleted))).to.equal(false);
      for (const table of ['events', 'feedback_items', 'analysis_jobs', 'erasure_jobs']) {
        expect(await h.rowsContaining(table, MARKER), table).to.equal(0);
        expect(await h.rowsContaining(table, deleted), table).to.equal(0);
      }
      expect(await h.eventsOf(deleted)).to.deep.equal([]);
    });

    it('the stream is recorded in erased_streams', async () => {
      expect(await h.isErased(deleted)).to.equal(true);
      for (const id of survivors) expect(await h.isErased(id)).to.equal(false);
    });

    it('the list no longer shows it; the other items are untouched', async () => {
      const list = await readJson(await server.request('/api/v1/feedback', { key: project.secretKey }));
      const ids = list.items.map((i: { id: string }) => i.id);
      expect(ids).to.not.include(deleted);
      expect(ids).to.include.members(survivors);
      for (const id of survivors) {
        expect((await h.eventsOf(id)).map((e) => e.type).slice(0, 2)).to.deep.equal(['FeedbackSubmitted', 'FeedbackProcessed']);
      }
    });

    it('a full replay of every projection does not resurrect it, and the others survive', async () => {
      // Processed is not yet clustered: the picture to compare with is the one after the worker placed every survivor.
      for (const id of survivors) await waitForCluster(server, project, id);
      await waitForClusteringIdle(server, project.projectId);
      await untilConsumersCaughtUp(server);
      const before = new Map<string, any>();
      for (const id of survivors) before.set(id, await readJson(await h.get(project, id)));
      const engine = server.runtime.engine;
      await engine.reset(engine.projectorNames);
      const emptied = await server.runtime.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM feedback_items`);
      expect(Number(emptied.rows[0].n)).to.equal(0);
      await engine.catchUp();

      await expectNotFound(await h.get(project, deleted));
      expect(await h.rowsContaining('feedback_items', MARKER)).to.equal(0);
      expect(await h.jobsOf(deleted)).to.equal(0);
      expect(await h.rowsContaining('erasure_jobs', deleted)).to.equal(0);
      for (const id of survivors) {
        const response = await h.get(project, id);
        expect(response.status).to.equal(200);
        expect(await readJson(response)).to.deep.equal(before.get(id));
        expect(await h.jobsOf(id)).to.equal(0);
      }
      const list = await readJson(await server.request('/api/v1/feedback', { key: project.secretKey }));
      expect(list.items.map((i: { id: string }) => i.id)).to.not.include(deleted);
    });

    it('a later append to the erased stream is refused', async () => {
      let error: unknown;
      try {
        await server.runtime.store.append(`feedback-${deleted}`, [{ type: 'FeedbackSubmitted', data: { text: MARKER } }], 'any');
      } catch (e) {
        error = e;
      }
      expect(error).to.be.instanceOf(Error);
      expect((error as Error).name === 'StreamErasedError' || /erased/i.test((error as Error).message)).to.equal(true);
      expect(await h.eventsOf(deleted)).to.deep.equal([]);
    });
  });

  describe('Idempotency-Key and deletion (spec 4.1 header, 4.4)', () => {
    it('replaying the key of a deleted item gives 404 and creates nothing', async () => {
      const headers = { 'Idempotency-Key': 'delete-then-replay' };
      const id = await h.submit(project, 'Submitted once, deleted, then replayed', headers);
      expect((await h.del(project, id)).status).to.equal(204);

      const replay = await postFeedback(server, project.secretKey, { text: 'Submitted once, deleted, then replayed' }, headers);
      await expectNotFound(replay);
      expect(await h.eventsOf(id)).to.deep.equal([]);
      await expectNotFound(await h.get(project, id));
      expect(await h.rowsContaining('feedback_items', 'deleted, then replayed')).to.equal(0);
    });
  });

  describe('scoping (spec general convention 2, 4.4)', () => {
    it("another project's id gives 404 and deletes nothing", async () => {
      const id = await h.submit(project, 'Belongs to the first project only');
      await expectNotFound(await h.del(other, id));
      const response = await h.get(project, id);
      expect(response.status).to.equal(200);
      expect((await readJson(response)).text).to.equal('Belongs to the first project only');
      expect((await h.eventsOf(id)).map((e) => e.type)).to.include('FeedbackSubmitted');
      expect((await h.eventsOf(id)).map((e) => e.type)).to.not.include('FeedbackDeleted');
      expect(await h.isErased(id)).to.equal(false);
    });

    it('an unknown id gives 404 and records nothing', async () => {
      await expectNotFound(await h.del(project, 'fb_neverexisted00000000'));
      expect(await h.eventsOf('fb_neverexisted00000000')).to.deep.equal([]);
      expect(await h.isErased('fb_neverexisted00000000')).to.equal(false);
    });

    it('a widget key cannot delete', async () => {
      const id = await h.submit(project, 'Widget keys must not delete this');
      const response = await server.request(`/api/v1/feedback/${id}`, {
        method: 'DELETE',
        key: project.widgetKey,
        headers: { Origin: 'https://app.example.com' },
      });
      expect(response.status).to.equal(401);
      expect((await h.get(project, id)).status).to.equal(200);
    });
  });
});

describe('DELETE /api/v1/feedback/{id} of a pending item (spec 4.4, 3.1)', function () {
  this.timeout(120_000);
  let server: TestServer;
  let project: TestProject;
  const h = helpers(() => server);

  before(async () => {
    server = await startTestServer({ workers: false });
    project = await server.createProject({ name: 'Delete pending' });
  });
  after(() => server.close());

  const newWorker = (analyzer: () => Promise<Analyzer> = loadOfflineAnalyzer) => new AnalysisWorker(server.runtime, analyzer);

  it('deletes a pending item; it is never processed afterwards', async () => {
    const MARKER = 'pendingwombat5521';
    const id = await h.submit(project, `Pending item ${MARKER} to be deleted before analysis`);
    // The 202 waits only for the inline read models; the analysis job is queued by a reactor after it.
    await server.runtime.engine.catchUp();
    const before = await readJson(await h.get(project, id));
    expect(before.status).to.equal('pending');
    expect(await h.jobsOf(id)).to.equal(1);

    expect((await h.del(project, id)).status).to.equal(204);
    await expectNotFound(await h.get(project, id));
    expect(await h.jobsOf(id)).to.equal(0);
    expect(await h.isErased(id)).to.equal(true);
    for (const table of ['events', 'feedback_items', 'analysis_jobs', 'erasure_jobs']) expect(await h.rowsContaining(table, MARKER), table).to.equal(0);

    // A worker finds nothing to do, even with a stale job a crash could have left behind.
    expect(await newWorker().runOnce()).to.equal(0);
    await server.runtime.db.query(`INSERT INTO analysis_jobs (feedback_id, project_id, enqueued_at) VALUES ($1, $2, now())`, [id, project.projectId]);
    expect(await newWorker().runOnce()).to.equal(1);
    expect(await h.eventsOf(id)).to.deep.equal([]);
    expect(await h.jobsOf(id)).to.equal(0);
    await expectNotFound(await h.get(project, id));
    await expectNotFound(await h.del(project, id));
  });

  it('an analysis in flight when the item is deleted records nothing', async () => {
    const id = await h.submit(project, 'Deleted while the analyzer is still thinking about it');
    const other = await h.submit(project, 'A bystander item that should be processed normally');
    await server.runtime.engine.catchUp(); // both analysis jobs queued
    const real = await loadOfflineAnalyzer();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let entered!: () => void;
    const analyzing = new Promise<void>((resolve) => (entered = resolve));
    const gated: Analyzer = {
      name: real.name,
      embeddingModel: real.embeddingModel,
      async analyze(text: string): Promise<Analysis> {
        if (text.startsWith('Deleted while')) {
          entered();
          await gate;
        }
        return real.analyze(text);
      },
      embed: (text: string) => real.embed(text),
    };
    const run = newWorker(async () => gated).runOnce();
    await analyzing;
    expect((await h.del(project, id)).status).to.equal(204);
    release();
    expect(await run).to.equal(2);

    expect(await h.eventsOf(id)).to.deep.equal([]);
    expect(await h.isErased(id)).to.equal(true);
    await expectNotFound(await h.get(project, id));
    expect((await h.eventsOf(other)).map((e) => e.type)).to.deep.equal(['FeedbackSubmitted', 'FeedbackProcessed']);
    await server.runtime.engine.catchUp();
    // Analysed (no clustering worker runs here, so it is not yet `processed`, which needs its theme too).
    const bystander = await server.runtime.db.query(`SELECT sentiment FROM feedback_items WHERE feedback_id = $1`, [other]);
    expect(bystander.rows[0]?.sentiment).to.be.a('string');
    expect(await h.jobsOf(id)).to.equal(0);
  });
});

describe('DELETE /api/v1/feedback/{id}: the theme label forgets the deleted words (spec 4.4)', () => {
  let server: TestServer;
  let project: TestProject;
  let key: string;

  before(async () => {
    server = await startTestServer();
    project = await server.createProject();
    key = project.secretKey;
  });
  after(() => server.close());

  async function submitAndCluster(text: string): Promise<{ id: string; clusterId: string }> {
    const id = await submitFeedback(server, key, { text });
    return { id, clusterId: await waitForCluster(server, project, id) };
  }

  it('a theme labelled from the deleted item gets a new label and the old label generation is erased', async () => {
    const marker = 'zorblaxian';
    const { id, clusterId } = await submitAndCluster(`The ${marker} widget crashes whenever I open settings`);
    const labelled = await server.runtime.db.query<{ label: string }>(`SELECT label FROM clusters WHERE cluster_id = $1`, [clusterId]);
    expect(labelled.rows[0].label.toLowerCase()).to.include(marker);

    expect((await server.request(`/api/v1/feedback/${id}`, { key, method: 'DELETE' })).status).to.equal(204);
    const raw = await server.runtime.db.query<{ data: string }>(`SELECT data::text AS data FROM events`);
    expect(raw.rows.filter((row) => row.data.includes(marker))).to.deep.equal([]);
    const after = await server.runtime.db.query<{ label: string; label_generation: number }>(
      `SELECT label, label_generation FROM clusters WHERE cluster_id = $1`,
      [clusterId],
    );
    expect(after.rows[0].label.toLowerCase()).to.not.include(marker);
    expect(after.rows[0].label_generation).to.equal(1);
    const erased = await server.runtime.db.query(`SELECT 1 FROM erased_streams WHERE stream = $1`, [`cluster-label-${clusterId}-0`]);
    expect(erased.rowCount).to.equal(1);
  });
});
