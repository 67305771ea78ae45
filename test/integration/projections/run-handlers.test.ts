/**
 * Run handlers (`applyRun`) apply a burst of one event type in one statement: they must leave
 * exactly the rows that `apply` leaves event by event. A real log (a burst of submissions with users
 * and backfills, their analyses, a webhook endpoint, a tracked question) is applied to two fresh
 * databases, once through `applyInOrder` and once event by event, and every table compared.
 */
import { expect } from 'chai';
import type { Database } from '../../../src/db/database.js';
import { runMigrations } from '../../../src/db/migrations.js';
import { openDatabase } from '../../../src/db/open-database.js';
import { START, type RecordedEvent } from '../../../src/eventstore/event-store.js';
import { applyInOrder, type LogConsumer } from '../../../src/projection-engine/projection.js';
import { allConsumers, allMigrations } from '../../../src/runtime.js';
import { trackQuestion } from '../../../commands/track-question/handler.js';
import { snapshotTable } from '../../support/table-snapshot.js';
import { testContext } from '../../support/test-context.js';
import { startTestServer, waitForProcessed, type TestServer } from '../../support/test-server.js';
import { WebhookReceiver } from '../../support/webhook-receiver.js';
import { llmEnvFor, OpenAIStub } from '../../support/openai-stub.js';
import { submitFeedback } from '../../support/feedback.js';

const TABLES = [
  'feedback_items',
  'webhook_analyses_awaiting_theme',
  'cluster_members',
  'feedback_embeddings',
  'users',
  'user_feedback',
  'analysis_jobs',
  'clustering_jobs',
  'health_feedback_users',
  'user_health_due',
  'webhook_backfilled_items',
  'webhook_deliveries',
  'question_evaluations_due',
];

const databases: Database[] = [];

async function freshDatabase(consumers: LogConsumer[]): Promise<Database> {
  const db = await openDatabase({ dataDir: 'memory://', holder: 'run-handlers test' });
  await runMigrations(db, allMigrations(consumers));
  return db;
}

/** The server's whole log applied to two fresh databases: by run handlers, and event by event. */
async function applyBothWays(server: TestServer): Promise<{ events: RecordedEvent[]; consumers: LogConsumer[]; byRuns: Database; oneByOne: Database }> {
  const events: RecordedEvent[] = [];
  const { store } = server.runtime;
  for (let page = await store.readAll(START, 500); page.length > 0; page = await store.readAll(page[page.length - 1].position, 500)) events.push(...page);
  const consumers = allConsumers();
  const byRuns = await freshDatabase(consumers);
  const oneByOne = await freshDatabase(consumers);
  databases.push(byRuns, oneByOne);
  for (const consumer of consumers) {
    const handled = events.filter((event) => consumer.handles.includes(event.type));
    await byRuns.transaction((tx) => applyInOrder(consumer, handled, tx));
    await oneByOne.transaction(async (tx) => {
      for (const event of handled) await consumer.apply(event as never, tx);
    });
  }
  return { events, consumers, byRuns, oneByOne };
}

/** Whether some consumer with a run handler for `type` meets two such events in a row. */
function hasRun(consumers: LogConsumer[], events: RecordedEvent[], type: string): boolean {
  return consumers.some((consumer) => {
    if (!consumer.applyRun || !(type in consumer.applyRun)) return false;
    const seen = events.filter((event) => consumer.handles.includes(event.type));
    return seen.some((event, i) => i > 0 && event.type === type && seen[i - 1].type === type);
  });
}

describe('run handlers equal event-by-event application', function () {
  this.timeout(180_000);
  let server: TestServer;
  let receiver: WebhookReceiver;

  before(async () => {
    receiver = await new WebhookReceiver().start();
    server = await startTestServer({ env: { WEBHOOK_ALLOW_HTTP: 'true', WEBHOOK_SECRET_KEY: 'e'.repeat(64) } });
  });
  after(async () => {
    for (const db of databases) await db.close();
    await server?.close();
    await receiver?.close();
  });

  it('leaves the same rows in every table for a burst of submissions and their analyses', async () => {
    const project = await server.createProject({ name: 'Runs' });
    const hook = await server.request('/api/v1/webhooks', {
      method: 'POST',
      key: project.secretKey,
      body: JSON.stringify({ url: receiver.url('/runs'), events: ['feedback.processed'] }),
    });
    expect(hook.status).to.equal(201);
    await trackQuestion(server.runtime, { projectId: project.projectId, text: 'Do customers like the export?' }, testContext());
    const texts = ['Export is slow', 'I love the export', 'Dark mode please', 'Billing charged twice', 'The export crashed', 'Great support team'];
    const responses = await Promise.all(
      [...texts, ...texts].map((text, i) =>
        server.request('/api/v1/feedback', {
          key: project.secretKey,
          method: 'POST',
          body: JSON.stringify({
            text: `${text} (${i})`,
            ...(i % 3 === 0 ? { userId: `user_${i % 4}` } : {}),
            ...(i % 4 === 1 ? { createdAt: '2025-01-01T10:00:00.000Z' } : {}),
          }),
        }),
      ),
    );
    const ids = await Promise.all(responses.map(async (response) => ((await response.json()) as { id: string }).id));
    for (const id of ids) await waitForProcessed(server, project.secretKey, id);

    const { events, consumers, byRuns, oneByOne } = await applyBothWays(server);
    expect(hasRun(consumers, events, 'FeedbackSubmitted'), 'a run of submissions').to.equal(true);
    expect(hasRun(consumers, events, 'FeedbackProcessed'), 'a run of analyses').to.equal(true);
    for (const table of TABLES) expect(await snapshotTable(byRuns, table), table).to.deep.equal(await snapshotTable(oneByOne, table));
    // The comparison means something: every kind of row the run handlers write is there.
    for (const table of [
      'feedback_items',
      'cluster_members',
      'feedback_embeddings',
      'health_feedback_users',
      'user_health_due',
      'webhook_backfilled_items',
      'webhook_deliveries',
      'question_evaluations_due',
    ]) {
      expect((await snapshotTable(byRuns, table)).length, table).to.be.greaterThan(0);
    }
  });

  it('with ANALYZER=llm: the same rows, topics included, in the feedback list and the theme members (issue 13)', async () => {
    const stub = await OpenAIStub.start();
    const llmServer = await startTestServer({ env: llmEnvFor(stub) });
    try {
      const project = await llmServer.createProject({ name: 'Runs with topics' });
      const texts = ['Cannot log in since Monday', 'Export to CSV fails', 'Dark mode please', 'No puedo iniciar sesión', 'Hello team'];
      const ids = await Promise.all(texts.map((text) => submitFeedback(llmServer, project.secretKey, { text })));
      for (const id of ids) await waitForProcessed(llmServer, project.secretKey, id);

      const { events, consumers, byRuns, oneByOne } = await applyBothWays(llmServer);
      expect(hasRun(consumers, events, 'FeedbackProcessed'), 'a run of analyses').to.equal(true);
      for (const table of ['feedback_items', 'cluster_members']) {
        expect(await snapshotTable(byRuns, table), table).to.deep.equal(await snapshotTable(oneByOne, table));
        const topics = (await byRuns.query<{ topic: string | null }>(`SELECT topic FROM ${table} ORDER BY topic`)).rows.map((row) => row.topic);
        expect(topics, table).to.deep.equal(['Dark mode', 'Data export', 'Sign in', 'Sign in', null]);
      }
    } finally {
      await llmServer.close();
      await stub.close();
    }
  });
});
