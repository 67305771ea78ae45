/**
 * Issue 7: claimed work recovers within seconds of a crash (short leases, renewed while the worker
 * is busy), and a job that keeps failing is parked after a bounded number of attempts while the
 * rest of the queue keeps moving. Real service on in-memory PGlite; the analyzer and labeler are
 * our own ports, implemented here to be slow or to fail on one text.
 */
import { expect } from 'chai';
import { untilConsumersCaughtUp } from '../support/feedback.js';
import { pino } from 'pino';
import type { Analysis, Analyzer, Embedding } from '../../src/analysis/analyzer.js';
import type { ThemeLabeler } from '../../src/analysis/labeler.js';
import { CtfidfLabeler } from '../../src/analysis/labels/ctfidf-labeler.js';
import { loadOfflineAnalyzer } from '../../src/analysis/offline/index.js';
import type { Logger } from '../../src/logger.js';
import { AnalysisWorker, type AnalysisWorkerOptions } from '../../src/work/analysis-worker.js';
import { ClusteringWorker } from '../../src/work/clustering/clustering-worker.js';
import { eraseLeftoverStreams } from '../../src/work/erasure-worker.js';
import { describeFailure } from '../../src/support/describe-error.js';
import { MAX_ATTEMPTS } from '../../src/work/job-failure.js';
import { LEASE_RENEW_EVERY_MS, WORK_LEASE_SECONDS } from '../../src/work/lease-renewal.js';
import { retryDelaySeconds } from '../../src/work/retry-delay.js';
import { MutableClock } from '../support/mutable-clock.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

interface LogLine {
  level: number;
  msg: string;
  [field: string]: unknown;
}

/** A real pino logger whose lines the test reads (40 warn, 50 error). */
function capturingLogger(): { logger: Logger; lines: LogLine[] } {
  const lines: LogLine[] = [];
  return { lines, logger: pino({ level: 'debug', base: undefined }, { write: (line: string) => void lines.push(JSON.parse(line)) }) };
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function eventually(check: () => Promise<boolean>, what: string, timeoutMs = 5000): Promise<void> {
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; await sleep(10)) if (await check()) return;
  throw new Error(`timed out waiting for ${what}`);
}

/** The offline analyzer, except that it waits for the test to open the gate before answering. */
class GatedAnalyzer implements Analyzer {
  readonly name = 'gated';
  readonly embeddingModel: Analyzer['embeddingModel'];
  started = 0;
  private open!: () => void;
  private readonly gate = new Promise<void>((resolve) => (this.open = resolve));
  constructor(private readonly inner: Analyzer) {
    this.embeddingModel = inner.embeddingModel;
  }
  async analyze(text: string): Promise<Analysis> {
    this.started++;
    await this.gate;
    return this.inner.analyze(text);
  }
  embed(text: string): Promise<Embedding> {
    return this.inner.embed(text);
  }
  release(): void {
    this.open();
  }
}

/** The offline analyzer, except for texts containing POISON: those fail every time. */
class PoisonedAnalyzer implements Analyzer {
  readonly name = 'poisoned';
  readonly embeddingModel: Analyzer['embeddingModel'];
  poisonCalls = 0;
  constructor(private readonly inner: Analyzer) {
    this.embeddingModel = inner.embeddingModel;
  }
  async analyze(text: string): Promise<Analysis> {
    if (!text.includes('POISON')) return this.inner.analyze(text);
    this.poisonCalls++;
    // A message quoting its input, as a parser's would: it must not reach the job row.
    throw new SyntaxError(`Unexpected token in "${text}"`);
  }
  embed(text: string): Promise<Embedding> {
    return this.inner.embed(text);
  }
}

describe('work leases and poison jobs (issue 7)', function () {
  this.timeout(120_000);
  const clock = new MutableClock(new Date('2026-03-01T12:00:00.000Z'));
  let server: TestServer;
  let project: { projectId: string; secretKey: string };
  let offline: Analyzer;

  before(async () => {
    server = await startTestServer({ workers: false, clock });
    project = await server.createProject({ name: 'Leases' });
    offline = await loadOfflineAnalyzer();
  });
  after(() => server.close());

  afterEach(async () => {
    // Each test leaves the analysis queue empty of live jobs for the next one.
    clock.advance(24 * 3600 * 1000);
    while ((await new AnalysisWorker(server.runtime, async () => offline).runOnce()) > 0);
    clock.advance(24 * 3600 * 1000);
  });

  const worker = (analyzer: Analyzer, options: AnalysisWorkerOptions & { logger?: Logger } = {}) =>
    new AnalysisWorker({ ...server.runtime, logger: options.logger ?? server.runtime.logger }, async () => analyzer, options);

  async function submit(text: string, key = project.secretKey): Promise<string> {
    const response = await server.request('/api/v1/feedback', { method: 'POST', key, body: JSON.stringify({ text }) });
    expect(response.status).to.equal(202);
    const { id } = (await response.json()) as { id: string };
    await untilConsumersCaughtUp(server);
    return id;
  }

  async function job(id: string) {
    type JobRow = { attempts: number; available_at: Date | number; claimed_until: Date | null; parked_at: Date | null; last_error: string | null };
    const result = await server.runtime.db.query<JobRow>(
      `SELECT attempts, available_at, claimed_until, parked_at, last_error FROM analysis_jobs WHERE feedback_id = $1`,
      [id],
    );
    return result.rows[0];
  }

  async function eventTypes(id: string): Promise<string[]> {
    const result = await server.runtime.db.query<{ type: string }>(`SELECT type FROM events WHERE stream = $1 ORDER BY revision`, [`feedback-${id}`]);
    return result.rows.map((r) => r.type);
  }

  it('defaults: a 15 s lease renewed every 5 s, 5 attempts', () => {
    expect(WORK_LEASE_SECONDS).to.equal(15);
    expect(LEASE_RENEW_EVERY_MS).to.equal(5000);
    expect(LEASE_RENEW_EVERY_MS).to.be.below((WORK_LEASE_SECONDS * 1000) / 2);
    expect(MAX_ATTEMPTS).to.equal(5);
  });

  it("a crashed worker's claim is taken over after the 15 s lease, not minutes later", async () => {
    const id = await submit('The calendar sync drops events after midnight.');
    const crashed = worker(offline);
    expect((await crashed.claim()).map((j) => j.feedback_id)).to.deep.equal([id]);
    expect((await job(id)).claimed_until!.getTime()).to.equal(clock.now().getTime() + WORK_LEASE_SECONDS * 1000);
    // It never finishes, and nobody renews its lease.

    const survivor = worker(offline);
    clock.advance(WORK_LEASE_SECONDS * 1000);
    expect(await survivor.runOnce(), 'still held at the end of the lease').to.equal(0);
    clock.advance(1);
    expect(await survivor.runOnce()).to.equal(1);
    expect(await eventTypes(id)).to.deep.equal(['FeedbackSubmitted', 'FeedbackProcessed']);
  });

  it('a slow analysis keeps its lease: renewed while it runs, nobody else claims it past the first 15 s', async () => {
    const id = await submit('Exporting a report with 10k rows takes forever.');
    const slow = new GatedAnalyzer(offline);
    const running = worker(slow, { renewEveryMs: 20 }).runOnce();
    await eventually(async () => slow.started === 1, 'the analysis to start');
    const claimedAt = clock.now().getTime();
    expect((await job(id)).claimed_until!.getTime()).to.equal(claimedAt + WORK_LEASE_SECONDS * 1000);

    for (let step = 1; step <= 4; step++) {
      clock.advance(10_000); // 40 s in all: far past the first lease
      const now = clock.now().getTime();
      await eventually(async () => (await job(id)).claimed_until!.getTime() === now + WORK_LEASE_SECONDS * 1000, `renewal ${step}`);
      expect(await worker(offline).claim(), 'another worker finds nothing to claim').to.deep.equal([]);
    }
    slow.release();
    expect(await running).to.equal(1);
    expect(await eventTypes(id)).to.deep.equal(['FeedbackSubmitted', 'FeedbackProcessed']);
    expect(slow.started).to.equal(1);
  });

  it('a lost lease is noticed and logged; renewing stops and the late result records nothing twice', async () => {
    const id = await submit('Two-factor codes arrive too late.');
    const { logger, lines } = capturingLogger();
    const slow = new GatedAnalyzer(offline);
    const running = worker(slow, { renewEveryMs: 20, logger }).runOnce();
    await eventually(async () => slow.started === 1, 'the analysis to start');
    // The worker stalls (its renewals cannot run); its lease expires and another worker takes the job.
    await server.runtime.db.query(`UPDATE analysis_jobs SET claimed_until = $2 WHERE feedback_id = $1`, [id, new Date(clock.now().getTime() - 1)]);
    clock.advance(1000);
    const other = worker(offline);
    expect((await other.claim()).map((j) => j.feedback_id)).to.deep.equal([id]);
    await eventually(async () => lines.some((l) => l.msg.startsWith('lease lost')), 'the lost lease to be logged');
    const lost = lines.filter((l) => l.msg.startsWith('lease lost'));
    expect(lost).to.have.length(1);
    expect(lost[0]).to.include({ level: 40, feedbackId: id, work: 'analysis' });

    // Both finish; the item is processed once.
    slow.release();
    await running;
    clock.advance(WORK_LEASE_SECONDS * 1000 + 1);
    await other.runOnce(); // whatever it still finds of the job records nothing more
    expect(await eventTypes(id)).to.deep.equal(['FeedbackSubmitted', 'FeedbackProcessed']);
    await sleep(60);
    expect(
      lines.filter((l) => l.msg.startsWith('lease lost')),
      'no renewals after the loss',
    ).to.have.length(1);
  });

  it('a job row that disappears while its analysis runs (finished or deleted) ends the renewals quietly', async () => {
    const id = await submit('The mobile app logs me out every hour.');
    const { logger, lines } = capturingLogger();
    const slow = new GatedAnalyzer(offline);
    const running = worker(slow, { renewEveryMs: 20, logger }).runOnce();
    await eventually(async () => slow.started === 1, 'the analysis to start');
    await server.runtime.db.query(`DELETE FROM analysis_jobs WHERE feedback_id = $1`, [id]);
    await sleep(100);
    slow.release();
    await running;
    expect(lines.filter((l) => l.level >= 40)).to.deep.equal([]);
  });

  it(`a poison job is parked after ${MAX_ATTEMPTS} attempts (error class and message, no text), logged once, while the others are processed`, async () => {
    const { logger, lines } = capturingLogger();
    const poisoned = new PoisonedAnalyzer(offline);
    const poison = await submit('POISON: the secret roadmap leaks in this text');
    const good = [await submit('Search is fast now, great job.'), await submit('Where can I change my billing email?')];

    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      const fresh = await submit(`Another ordinary report, number ${attempt}.`);
      expect(await worker(poisoned, { logger }).runOnce(), `run ${attempt} claims`).to.equal(attempt === 1 ? 4 : 2);
      // Work that arrived meanwhile is not held up by the poison job.
      for (const id of [...good, fresh]) expect(await eventTypes(id)).to.deep.equal(['FeedbackSubmitted', 'FeedbackProcessed']);
      const j = await job(poison);
      expect(j.attempts).to.equal(attempt);
      if (attempt < MAX_ATTEMPTS) {
        expect(j.parked_at, `not parked after attempt ${attempt}`).to.equal(null);
        expect((j.available_at as Date).getTime()).to.equal(clock.now().getTime() + retryDelaySeconds(attempt) * 1000);
        clock.advance(retryDelaySeconds(attempt) * 1000);
      }
    }
    const parked = await job(poison);
    expect(parked.parked_at!.getTime()).to.equal(clock.now().getTime());
    expect(parked.claimed_until).to.equal(null);
    expect(parked.available_at, 'never available again (pg reads infinity as a number)').to.equal(Infinity);
    expect(parked.last_error).to.match(/^SyntaxError: Unexpected token in /);
    expect(parked.last_error).to.not.contain('roadmap');
    expect(poisoned.poisonCalls).to.equal(MAX_ATTEMPTS);
    expect(await eventTypes(poison)).to.deep.equal(['FeedbackSubmitted']);

    const errors = lines.filter((l) => l.level >= 50);
    expect(errors.map((l) => l.msg)).to.deep.equal(['analysis job parked after repeated failures']);
    expect(errors[0]).to.include({ feedbackId: poison, attempts: MAX_ATTEMPTS });
    expect(JSON.stringify(lines)).to.not.contain('roadmap');

    // Never claimed again, however long the queue runs.
    clock.advance(7 * 24 * 3600 * 1000);
    expect(await worker(poisoned, { logger }).runOnce()).to.equal(0);
    expect(poisoned.poisonCalls).to.equal(MAX_ATTEMPTS);
    expect(lines.filter((l) => l.level >= 50)).to.have.length(1);
  });

  it(`a job whose worker dies on every attempt is parked at its next claim, without analysing it again`, async () => {
    const { logger, lines } = capturingLogger();
    const id = await submit('This text crashes the worker process, say.');
    const gated = new GatedAnalyzer(offline);
    for (let crash = 1; crash <= MAX_ATTEMPTS; crash++) {
      const claimed = await worker(gated).claim(); // ...and dies
      expect(claimed.map((j) => [j.feedback_id, j.attempts])).to.deep.equal([[id, crash]]);
      clock.advance(WORK_LEASE_SECONDS * 1000 + 1);
    }
    expect(await worker(gated, { logger }).runOnce()).to.equal(1);
    expect(gated.started).to.equal(0);
    const j = await job(id);
    expect(j.parked_at).to.not.equal(null);
    expect(j.last_error).to.equal(`worker stopped or lost its lease ${MAX_ATTEMPTS} times`);
    expect(lines.filter((l) => l.level >= 50)).to.have.length(1);
  });

  it('describeFailure keeps the class and message, never quoted input or the text itself', () => {
    expect(describeFailure(new TypeError('model said no'))).to.equal('TypeError: model said no');
    expect(describeFailure(new SyntaxError(`Unexpected token 'x', "my password is" is not valid JSON`))).to.equal(
      'SyntaxError: Unexpected token "…", "…" is not valid JSON',
    );
    expect(describeFailure(new Error('failed on my secret text here'), 'my secret text')).to.equal('Error: failed on [text] here');
    expect(describeFailure('thrown about my secret text', 'my secret text')).to.equal('string: thrown about [text]');
  });

  describe('clustering', () => {
    // A fresh project per test: its first item always starts a theme, which calls the labeler.
    let themes: { projectId: string; secretKey: string };
    beforeEach(async () => {
      themes = await server.createProject({ name: 'Themes' });
      // Items the other tests processed are clustered first, so each run below works on this project.
      clock.advance(24 * 3600 * 1000);
      while ((await new ClusteringWorker(server.runtime, new CtfidfLabeler()).runOnce()) > 0);
    });

    /** Analyses everything waiting, so the item enters the clustering queue. */
    async function processed(text: string): Promise<string> {
      const id = await submit(text, themes.secretKey);
      while ((await worker(offline).runOnce()) > 0);
      await server.runtime.engine.catchUp();
      return id;
    }

    async function clusteringJob(id: string) {
      const result = await server.runtime.db.query<{ attempts: number; parked_at: Date | null; last_error: string | null; available_at: Date | number }>(
        `SELECT attempts, parked_at, last_error, available_at FROM clustering_jobs WHERE feedback_id = $1`,
        [id],
      );
      return result.rows[0];
    }

    it(`a clustering job that keeps failing is parked after ${MAX_ATTEMPTS} attempts; the project's other items are clustered`, async () => {
      const { logger, lines } = capturingLogger();
      const healthy = new CtfidfLabeler();
      const poisonLabeler: ThemeLabeler = {
        async label(input) {
          if (input.texts.some((t) => t.includes('POISON'))) throw new RangeError('labeler cannot handle this theme');
          return healthy.label(input);
        },
      };
      const services = { ...server.runtime, logger };
      const poison = await processed('POISON pill: invoices render as blank pages');
      for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
        await new ClusteringWorker(services, poisonLabeler).runOnce();
        const j = await clusteringJob(poison);
        expect(j.attempts).to.equal(attempt);
        if (attempt < MAX_ATTEMPTS) {
          expect(j.parked_at).to.equal(null);
          clock.advance(retryDelaySeconds(attempt) * 1000);
        }
      }
      const parked = await clusteringJob(poison);
      expect(parked.parked_at).to.not.equal(null);
      expect(parked.available_at, 'never available again (pg reads infinity as a number)').to.equal(Infinity);
      expect(parked.last_error).to.equal('RangeError: labeler cannot handle this theme');
      expect(lines.filter((l) => l.level >= 50).map((l) => l.msg)).to.deep.equal(['clustering job parked after repeated failures']);

      const other = await processed('Dark mode makes the charts unreadable');
      expect(await new ClusteringWorker(services, poisonLabeler).runOnce()).to.equal(1);
      expect(await clusteringJob(other)).to.equal(undefined);
      clock.advance(7 * 24 * 3600 * 1000);
      expect(await new ClusteringWorker(services, poisonLabeler).runOnce(), 'the parked job is not tried again').to.equal(0);
      expect((await clusteringJob(poison)).attempts).to.equal(MAX_ATTEMPTS);
    });

    it('the project lease is renewed while a slow labeler runs, freed at the end; a crashed holder blocks it for 15 s only', async () => {
      const lease = async () =>
        (
          await server.runtime.db.query<{ claimed_until: Date | number }>(`SELECT claimed_until FROM clustering_leases WHERE project_id = $1`, [
            themes.projectId,
          ])
        ).rows[0]?.claimed_until;
      let open!: () => void;
      const gate = new Promise<void>((resolve) => (open = resolve));
      let calls = 0;
      const slowLabeler: ThemeLabeler = {
        async label(input) {
          calls++;
          await gate;
          return new CtfidfLabeler().label(input);
        },
      };
      const id = await processed('Password reset emails never arrive');
      const running = new ClusteringWorker(server.runtime, slowLabeler, { renewEveryMs: 20 }).runOnce();
      await eventually(async () => calls === 1, 'the labeler to be called');
      for (let step = 1; step <= 3; step++) {
        clock.advance(10_000);
        const now = clock.now().getTime();
        await eventually(async () => ((await lease()) as Date).getTime() === now + WORK_LEASE_SECONDS * 1000, `renewal ${step}`);
        expect(await new ClusteringWorker(server.runtime, new CtfidfLabeler()).runOnce(), 'the project is busy').to.equal(0);
      }
      open();
      expect(await running).to.equal(1);
      expect(await clusteringJob(id)).to.equal(undefined);
      expect(await lease(), 'released (pg reads -infinity as a number)').to.equal(-Infinity);

      // A holder that died: the project is free again 15 s after its last renewal.
      const waiting = await processed('Password reset link expired immediately');
      await server.runtime.db.query(`UPDATE clustering_leases SET claimed_until = $2 WHERE project_id = $1`, [
        themes.projectId,
        new Date(clock.now().getTime() + WORK_LEASE_SECONDS * 1000),
      ]);
      expect(await new ClusteringWorker(server.runtime, new CtfidfLabeler()).runOnce()).to.equal(0);
      clock.advance(WORK_LEASE_SECONDS * 1000 + 1);
      expect(await new ClusteringWorker(server.runtime, new CtfidfLabeler()).runOnce()).to.equal(1);
      expect(await clusteringJob(waiting)).to.equal(undefined);
    });
  });

  describe('erasure', () => {
    it('a failing erasure waits with a growing delay and does not block the others; reported at error level once', async () => {
      const { logger, lines } = capturingLogger();
      const ids = [await submit('Delete me one.'), await submit('Delete me two.')];
      for (const id of ids) expect((await server.request(`/api/v1/feedback/${id}`, { key: project.secretKey, method: 'DELETE' })).status).to.equal(204);
      await server.runtime.engine.catchUp();
      // Both erasures left to the worker, as after a crash.
      const [failing, fine] = ids.map((id) => `feedback-${id}`);
      await server.runtime.db.query(
        `INSERT INTO erasure_jobs (stream, commit_position, prepare_position) VALUES ($1, 0, 0), ($2, 0, 1) ON CONFLICT (stream) DO NOTHING`,
        [failing, fine],
      );
      const store = server.runtime.store;
      const brokenStore = Object.assign(Object.create(store), {
        erase: (stream: string) => (stream === failing ? Promise.reject(new Error('disk on fire')) : store.erase(stream)),
      });
      const services = { ...server.runtime, store: brokenStore, logger };
      for (let attempt = 1; attempt <= MAX_ATTEMPTS + 1; attempt++) {
        await eraseLeftoverStreams(services);
        const rows = await server.runtime.db.query<{ stream: string; attempts: number; available_at: Date; last_error: string }>(
          `SELECT stream, attempts, available_at, last_error FROM erasure_jobs WHERE stream = ANY($1)`,
          [[failing, fine]],
        );
        expect(
          rows.rows.map((r) => r.stream),
          'the healthy erasure is done at once',
        ).to.deep.equal([failing]);
        expect(rows.rows[0]).to.include({ attempts: attempt, last_error: 'Error: disk on fire' });
        expect(rows.rows[0].available_at.getTime()).to.equal(clock.now().getTime() + retryDelaySeconds(attempt) * 1000);
        expect(await eraseLeftoverStreams(services), 'not retried before its delay').to.equal(0);
        clock.advance(retryDelaySeconds(attempt) * 1000);
      }
      expect(lines.filter((l) => l.level >= 50)).to.have.length(1);
      expect(await eraseLeftoverStreams({ ...server.runtime, logger })).to.equal(1);
      expect(await server.runtime.store.readStream(failing)).to.deep.equal([]);
    });
  });
});
