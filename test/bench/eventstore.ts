/**
 * Event store throughput on a throwaway PostgreSQL server (test/support/postgres-server.ts):
 *   npx tsx test/bench/eventstore.ts
 * - appends/s: single-event appends from concurrent writers, each to its own streams with an exact
 *   expected revision (one transaction per append, as a command handler does);
 * - readAll events/s: a reader paging through the whole log from START.
 * The server runs with fsync=off, so append figures are an upper bound for a durable server.
 */
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { PoolDatabase } from '../../src/db/database.js';
import { runMigrations } from '../../src/db/migrations.js';
import { START, type LogPosition } from '../../src/eventstore/event-store.js';
import { PostgresEventStore } from '../../src/eventstore/postgres-event-store.js';
import { eventStoreMigrations } from '../../src/eventstore/postgres-event-store.migration.js';
import { startPostgresServer } from '../support/postgres-server.js';

export interface EventStoreBenchOptions {
  writers?: number;
  appendsPerWriter?: number;
  streamsPerWriter?: number;
  /** Extra events bulk-appended (100 per append) before the read measurement. */
  preloadEvents?: number;
  readPageSize?: number;
  poolSize?: number;
}

export interface EventStoreBenchFigures {
  postgresVersion: string;
  writers: number;
  appends: number;
  appendSeconds: number;
  appendsPerSecond: number;
  appendLatencyMs: { p50: number; p95: number; p99: number };
  eventsRead: number;
  readSeconds: number;
  readAllEventsPerSecond: number;
  readPageSize: number;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

export async function runEventStoreBench(options: EventStoreBenchOptions = {}): Promise<EventStoreBenchFigures> {
  const writers = options.writers ?? 16;
  const appendsPerWriter = options.appendsPerWriter ?? 500;
  const streamsPerWriter = options.streamsPerWriter ?? 8;
  const preloadEvents = options.preloadEvents ?? 100_000;
  const readPageSize = options.readPageSize ?? 1000;
  const server = await startPostgresServer();
  const pool = new pg.Pool({ connectionString: server.url, max: options.poolSize ?? 20 });
  pool.on('error', (error) => console.error(`idle PostgreSQL client error: ${error.message}`));
  const db = new PoolDatabase('postgres', pool);
  try {
    await runMigrations(db, eventStoreMigrations);
    const store = new PostgresEventStore(db);
    const payload = { text: 'The export button does nothing on Safari when the report has more than 50 rows.', rating: 2 };

    // Warm-up: connections, plans.
    await Promise.all(Array.from({ length: writers }, (_, w) => store.append(`warmup-${w}`, [{ type: 'Warm', data: payload }], 'no_stream')));

    const latencies: number[] = [];
    const appendStart = process.hrtime.bigint();
    await Promise.all(
      Array.from({ length: writers }, async (_, w) => {
        const revisions = new Map<string, number>();
        for (let i = 0; i < appendsPerWriter; i += 1) {
          const stream = `bench-${w}-${i % streamsPerWriter}`;
          const started = process.hrtime.bigint();
          const result = await store.append(stream, [{ type: 'FeedbackSubmitted', data: { ...payload, i } }], revisions.get(stream) ?? 'no_stream');
          latencies.push(Number(process.hrtime.bigint() - started) / 1e6);
          revisions.set(stream, result.nextRevision);
        }
      }),
    );
    const appendSeconds = Number(process.hrtime.bigint() - appendStart) / 1e9;
    const appends = writers * appendsPerWriter;
    latencies.sort((a, b) => a - b);

    // Preload more events in large appends so that the read measurement is not dominated by set-up.
    const batches = Math.ceil(preloadEvents / 100);
    let next = 0;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (next < batches) {
          const b = next++;
          const events = Array.from({ length: 100 }, (_, i) => ({ type: 'FeedbackSubmitted', data: { ...payload, i } }));
          await store.append(`preload-${b}`, events, 'no_stream');
        }
      }),
    );

    const readStart = process.hrtime.bigint();
    let position: LogPosition = START;
    let eventsRead = 0;
    for (;;) {
      const page = await store.readAll(position, readPageSize);
      if (page.length === 0) break;
      eventsRead += page.length;
      position = page[page.length - 1].position;
    }
    const readSeconds = Number(process.hrtime.bigint() - readStart) / 1e9;

    return {
      postgresVersion: server.version,
      writers,
      appends,
      appendSeconds,
      appendsPerSecond: appends / appendSeconds,
      appendLatencyMs: { p50: percentile(latencies, 50), p95: percentile(latencies, 95), p99: percentile(latencies, 99) },
      eventsRead,
      readSeconds,
      readAllEventsPerSecond: eventsRead / readSeconds,
      readPageSize,
    };
  } finally {
    await db.close().catch(() => {});
    await server.stop();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const figures = await runEventStoreBench();
  const round = (n: number) => Math.round(n).toLocaleString('en-US');
  console.log(`PostgreSQL ${figures.postgresVersion} (throwaway server, fsync=off), PostgresEventStore`);
  console.log(
    `append: ${round(figures.appendsPerSecond)} appends/s — ${figures.appends} single-event appends from ${figures.writers} concurrent writers in ${figures.appendSeconds.toFixed(2)} s ` +
      `(latency p50 ${figures.appendLatencyMs.p50.toFixed(1)} ms, p95 ${figures.appendLatencyMs.p95.toFixed(1)} ms, p99 ${figures.appendLatencyMs.p99.toFixed(1)} ms)`,
  );
  console.log(
    `readAll: ${round(figures.readAllEventsPerSecond)} events/s — ${figures.eventsRead} events in pages of ${figures.readPageSize} in ${figures.readSeconds.toFixed(2)} s`,
  );
}
