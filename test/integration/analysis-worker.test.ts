import { expect } from 'chai';
import type { Analysis, Analyzer, Embedding } from '../../src/analysis/analyzer.js';
import { loadOfflineAnalyzer } from '../../src/analysis/offline/index.js';
import { AnalysisWorker, type AnalysisWorkerOptions } from '../../src/work/analysis-worker.js';
import { retryDelaySeconds } from '../../src/work/retry-delay.js';
import { submitFeedback, untilConsumersCaughtUp } from '../support/feedback.js';
import type { TestProject } from '../support/http.js';
import { MutableClock } from '../support/mutable-clock.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

interface ClaimedJob {
  feedback_id: string;
  attempts: number;
}

/** Only to simulate a model that is down: every call fails. */
class FailingAnalyzer implements Analyzer {
  readonly name = 'failing';
  readonly embeddingModel = { model: 'none', dimensions: 1 };
  calls = 0;
  async analyze(): Promise<Analysis> {
    this.calls++;
    throw new Error('model unavailable');
  }
  async embed(): Promise<Embedding> {
    throw new Error('model unavailable');
  }
}

/** The worker's own per-job step (private): what a worker that claimed a job runs next. */
const processJob = (worker: AnalysisWorker, job: ClaimedJob) => (worker as unknown as { process(job: ClaimedJob): Promise<void> }).process(job);

describe('AnalysisWorker: leases, retries, idempotence (spec 3.1, crash safety)', function () {
  this.timeout(120_000);
  const LEASE_SECONDS = 60;
  const clock = new MutableClock();
  let server: TestServer;
  let project: TestProject;

  before(async () => {
    server = await startTestServer({ workers: false, clock });
    project = await server.createProject({ name: 'Worker' });
    await loadOfflineAnalyzer(); // the first load takes a while; keep it out of the tests
  });
  after(() => server.close());

  const worker = (analyzer: Analyzer | (() => Promise<Analyzer>) = loadOfflineAnalyzer, options: AnalysisWorkerOptions = {}) =>
    new AnalysisWorker(server.runtime, typeof analyzer === 'function' ? analyzer : async () => analyzer, { leaseSeconds: LEASE_SECONDS, ...options });

  const submit = async (text: string) => {
    const id = await submitFeedback(server, project.secretKey, { text });
    await untilConsumersCaughtUp(server);
    return id;
  };

  async function eventTypes(id: string): Promise<string[]> {
    const result = await server.runtime.db.query<{ type: string }>(`SELECT type FROM events WHERE stream = $1 ORDER BY revision`, [`feedback-${id}`]);
    return result.rows.map((r) => r.type);
  }

  async function job(id: string): Promise<{ attempts: number; available_at: Date; claimed_until: Date | null } | undefined> {
    const result = await server.runtime.db.query(`SELECT attempts, available_at, claimed_until FROM analysis_jobs WHERE feedback_id = $1`, [id]);
    return result.rows[0];
  }

  /**
   * The item's analysis as the feedback read model holds it (no clustering worker runs here, so the API
   * keeps showing `pending`: an item is processed once it also has its theme).
   */
  async function analysis(id: string): Promise<Record<string, unknown> | undefined> {
    await server.runtime.engine.catchUp();
    const row = await server.runtime.db.query(
      `SELECT sentiment, sentiment_score, type, emotions, language, confidence, churn_risk FROM feedback_items WHERE feedback_id = $1 AND sentiment IS NOT NULL`,
      [id],
    );
    return row.rows[0];
  }

  async function status(id: string): Promise<'pending' | 'analysed'> {
    return (await analysis(id)) ? 'analysed' : 'pending';
  }

  async function openJobs(): Promise<number> {
    const result = await server.runtime.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM analysis_jobs`);
    return Number(result.rows[0].n);
  }

  afterEach(async () => {
    // Each test leaves the queue empty for the next one.
    clock.advance(24 * 3600 * 1000);
    await worker().runOnce();
    clock.advance(24 * 3600 * 1000);
  });

  it("(a) a crashed worker's claims are taken over only after the lease; each item is processed exactly once", async () => {
    const ids = [
      await submit('The dashboard crashes when I filter by date.'),
      await submit('I really like the new onboarding checklist.'),
      await submit('Can I export my data to Excel?'),
    ];
    for (const id of ids) expect(await job(id)).to.not.equal(undefined);

    const a = worker();
    const claimedByA = await a.claim();
    expect(claimedByA.map((j) => j.feedback_id).sort()).to.deep.equal([...ids].sort());
    expect(claimedByA.every((j) => j.attempts === 1)).to.equal(true);
    const firstClaim = await job(ids[0]);
    expect(firstClaim!.claimed_until!.getTime()).to.equal(clock.now().getTime() + LEASE_SECONDS * 1000);
    // A "crashes": it never processes what it claimed.

    const b = worker();
    expect(await b.claim()).to.deep.equal([]);
    expect(await b.runOnce()).to.equal(0);
    clock.advance(LEASE_SECONDS * 1000 - 1000);
    expect(await b.claim()).to.deep.equal([]);
    clock.advance(1000); // exactly at the end of the lease: still held
    expect(await b.claim()).to.deep.equal([]);
    for (const id of ids) expect(await status(id)).to.equal('pending');

    clock.advance(1);
    expect(await b.runOnce()).to.equal(3);
    for (const id of ids) {
      expect(await eventTypes(id)).to.deep.equal(['FeedbackSubmitted', 'FeedbackProcessed']);
      expect(await status(id)).to.equal('analysed');
      expect(await job(id)).to.equal(undefined);
    }

    // A comes back to life and finishes its stale claims: nothing more is recorded.
    for (const claimed of claimedByA) await processJob(a, claimed);
    for (const id of ids) expect(await eventTypes(id)).to.deep.equal(['FeedbackSubmitted', 'FeedbackProcessed']);
    expect(await openJobs()).to.equal(0);
  });

  it("(a') the worker that takes over counts the attempt", async () => {
    const id = await submit('Syncing with Google Calendar fails silently.');
    const a = worker();
    expect((await a.claim()).map((j) => j.feedback_id)).to.deep.equal([id]);
    clock.advance(LEASE_SECONDS * 1000 + 1);
    const b = worker();
    const claimed = await b.claim();
    expect(claimed.map(({ feedback_id, attempts }) => ({ feedback_id, attempts }))).to.deep.equal([{ feedback_id: id, attempts: 2 }]);
    expect(claimed[0].claimed_until.getTime()).to.equal(clock.now().getTime() + LEASE_SECONDS * 1000);
    for (const j of claimed) await processJob(b, j);
    expect(await eventTypes(id)).to.deep.equal(['FeedbackSubmitted', 'FeedbackProcessed']);
  });

  it('(b) running the worker again on a processed item appends nothing', async () => {
    const id = await submit('Love the dark mode, thank you!');
    const w = worker();
    expect(await w.runOnce()).to.equal(1);
    expect(await eventTypes(id)).to.deep.equal(['FeedbackSubmitted', 'FeedbackProcessed']);
    const processed = await analysis(id);
    expect(processed).to.not.equal(undefined);

    expect(await w.runOnce()).to.equal(0);
    expect(await worker().runOnce()).to.equal(0);

    // A redelivered job (e.g. left by a crash between the append and the job's removal) is dropped.
    await server.runtime.db.query(`INSERT INTO analysis_jobs (feedback_id, project_id, enqueued_at) VALUES ($1, $2, $3)`, [
      id,
      project.projectId,
      clock.now().toISOString(),
    ]);
    expect(await w.runOnce()).to.equal(1);
    expect(await worker().runOnce()).to.equal(0);
    expect(await eventTypes(id)).to.deep.equal(['FeedbackSubmitted', 'FeedbackProcessed']);
    expect(await job(id)).to.equal(undefined);
    expect(await analysis(id)).to.deep.equal(processed);
  });

  it('(c) a failing analyzer leaves the item pending and reschedules the job; a later run processes it', async () => {
    const id = await submit('The invoice PDF is missing the VAT number.');
    const failing = new FailingAnalyzer();
    const start = clock.now().getTime();

    expect(await worker(failing).runOnce()).to.equal(1);
    expect(failing.calls).to.equal(1);
    expect(await status(id)).to.equal('pending');
    expect(await eventTypes(id)).to.deep.equal(['FeedbackSubmitted']);
    let j = await job(id);
    expect(j!.attempts).to.equal(1);
    expect(j!.claimed_until).to.equal(null);
    expect(j!.available_at.getTime()).to.equal(start + retryDelaySeconds(1) * 1000);
    expect(j!.available_at.getTime()).to.be.above(clock.now().getTime());

    // Not before its time, not even for a healthy worker.
    expect(await worker().runOnce()).to.equal(0);
    expect(await eventTypes(id)).to.deep.equal(['FeedbackSubmitted']);

    // A second failure backs off further.
    clock.advance(retryDelaySeconds(1) * 1000);
    expect(await worker(failing).runOnce()).to.equal(1);
    j = await job(id);
    expect(j!.attempts).to.equal(2);
    expect(j!.available_at.getTime()).to.equal(clock.now().getTime() + retryDelaySeconds(2) * 1000);
    expect(retryDelaySeconds(2)).to.be.above(retryDelaySeconds(1));
    expect(await status(id)).to.equal('pending');

    clock.advance(retryDelaySeconds(2) * 1000);
    expect(await worker().runOnce()).to.equal(1);
    expect(await eventTypes(id)).to.deep.equal(['FeedbackSubmitted', 'FeedbackProcessed']);
    expect(await status(id)).to.equal('analysed');
    expect(await job(id)).to.equal(undefined);
    expect(failing.calls).to.equal(2);
  });

  it("(c') the retry delay grows and is capped at five minutes", () => {
    expect(retryDelaySeconds(1)).to.equal(2);
    expect(retryDelaySeconds(2)).to.equal(4);
    expect(retryDelaySeconds(8)).to.equal(256);
    expect(retryDelaySeconds(9)).to.equal(300);
    expect(retryDelaySeconds(50)).to.equal(300);
  });

  it('(d) two workers running concurrently over 20 items process each exactly once', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 20; i++) ids.push(await submit(`Concurrent item ${i}: the mobile app ${i % 2 ? 'is slow' : 'looks great'}.`));
    expect(await openJobs()).to.equal(20);

    const claims = new Map<string, string[]>();
    const drain = async (name: string, w: AnalysisWorker) => {
      const mine: string[] = [];
      claims.set(name, mine);
      for (;;) {
        const jobs = await w.claim();
        if (jobs.length === 0) return;
        mine.push(...jobs.map((j) => j.feedback_id));
        for (const j of jobs) await processJob(w, j);
      }
    };
    await Promise.all([drain('one', worker(loadOfflineAnalyzer, { batchSize: 3 })), drain('two', worker(loadOfflineAnalyzer, { batchSize: 3 }))]);

    const one = claims.get('one')!;
    const two = claims.get('two')!;
    expect(one.length + two.length).to.equal(20);
    expect(one.filter((id) => two.includes(id))).to.deep.equal([]);
    expect(new Set([...one, ...two])).to.deep.equal(new Set(ids));
    expect(one.length, 'worker one took part').to.be.above(0);
    expect(two.length, 'worker two took part').to.be.above(0);

    const processed = await server.runtime.db.query<{ stream: string; n: number }>(
      `SELECT stream, count(*)::int AS n FROM events WHERE type = 'FeedbackProcessed' AND stream = ANY($1) GROUP BY stream`,
      [ids.map((id) => `feedback-${id}`)],
    );
    expect(processed.rows).to.have.length(20);
    for (const row of processed.rows) expect(Number(row.n), row.stream).to.equal(1);
    for (const id of ids) expect(await status(id)).to.equal('analysed');
    expect(await openJobs()).to.equal(0);
  });

  it("(d') two workers racing on the same claimed job record one analysis", async () => {
    const id = await submit('Notifications arrive twice on Android.');
    const a = worker();
    const claimed = await a.claim();
    expect(claimed.map((j) => j.feedback_id)).to.deep.equal([id]);
    clock.advance(LEASE_SECONDS * 1000 + 1);
    const b = worker();
    const reclaimed = await b.claim();
    expect(reclaimed.map((j) => j.feedback_id)).to.deep.equal([id]);
    // The slow first worker and the second one finish at the same time.
    await Promise.all([processJob(a, claimed[0]), processJob(b, reclaimed[0])]);
    expect(await eventTypes(id)).to.deep.equal(['FeedbackSubmitted', 'FeedbackProcessed']);
    expect(await status(id)).to.equal('analysed');
  });
});
