// What the server's sessions are doing during a burst: pg_stat_activity sampled from a side
// connection every ~50 ms, tabulated by state, wait event and statement; and every lock wait seen
// (pg_locks with granted = false). BENCH_PG_ACTIVITY=1 prints it with the feedback-postgres bench.
import pg from 'pg';

export interface ActivityTable {
  samples: number;
  /** Sessions seen in each (state, wait event, statement) over all samples, most seen first. */
  rows: { state: string; wait: string; query: string; seen: number }[];
  /** Lock waits seen over all samples, by lock type and the waiting statement. */
  lockWaits: { lock: string; query: string; seen: number }[];
}

const statement = (query: string) => query.replace(/\s+/g, ' ').trim().slice(0, 70);

/**
 * Samples the sessions of database `database` until `stop()` resolves the table; `url` names another
 * database, so the samples' own transactions are not counted there.
 */
export function sampleActivity(url: string, database: string, everyMs = 50): { stop(): Promise<ActivityTable> } {
  const client = new pg.Client({ connectionString: url });
  const seen = new Map<string, number>();
  const locks = new Map<string, number>();
  let samples = 0;
  let running = true;
  const loop = (async () => {
    await client.connect();
    while (running) {
      const activity = await client.query<{ state: string; wait: string; query: string }>(
        `SELECT coalesce(state, '') AS state, coalesce(wait_event_type || ':' || wait_event, '-') AS wait, query
           FROM pg_stat_activity WHERE datname = $1 AND backend_type = 'client backend'`,
        [database],
      );
      const waits = await client.query<{ lock: string; query: string }>(
        `SELECT l.locktype || ':' || l.mode AS lock, a.query FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid WHERE NOT l.granted AND a.datname = $1`,
        [database],
      );
      samples += 1;
      for (const row of activity.rows) {
        const key = `${row.state}\u0000${row.wait}\u0000${row.state === 'active' || row.state.startsWith('idle in') ? statement(row.query) : ''}`;
        seen.set(key, (seen.get(key) ?? 0) + 1);
      }
      for (const row of waits.rows) {
        const key = `${row.lock}\u0000${statement(row.query)}`;
        locks.set(key, (locks.get(key) ?? 0) + 1);
      }
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
    await client.end();
  })();
  return {
    async stop() {
      running = false;
      await loop;
      const rows = [...seen].map(([key, count]) => {
        const [state, wait, query] = key.split('\u0000');
        return { state, wait, query, seen: count };
      });
      const lockWaits = [...locks].map(([key, count]) => {
        const [lock, query] = key.split('\u0000');
        return { lock, query, seen: count };
      });
      return { samples, rows: rows.sort((a, b) => b.seen - a.seen), lockWaits: lockWaits.sort((a, b) => b.seen - a.seen) };
    },
  };
}

export function printActivity(table: ActivityTable): void {
  console.log(`  pg_stat_activity, ${table.samples} samples (sessions per sample, by state / wait / statement):`);
  for (const row of table.rows.slice(0, 25)) {
    console.log(`    ${(row.seen / table.samples).toFixed(2).padStart(6)}  ${row.state.padEnd(20)} ${row.wait.padEnd(26)} ${row.query}`);
  }
  console.log(`  lock waits (sessions per sample):${table.lockWaits.length === 0 ? ' none' : ''}`);
  for (const row of table.lockWaits.slice(0, 10)) console.log(`    ${(row.seen / table.samples).toFixed(2).padStart(6)}  ${row.lock.padEnd(30)} ${row.query}`);
}
