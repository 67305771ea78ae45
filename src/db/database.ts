import pg from 'pg';
import { currentPriority, type PriorityGate } from './priority.js';

export interface QueryResult<R> {
  rows: R[];
  rowCount: number;
}

/** Anything that runs SQL: the database itself or an open transaction. */
export interface Queryable {
  query<R = any>(sql: string, params?: unknown[]): Promise<QueryResult<R>>;
}

export interface Database extends Queryable {
  readonly engine: 'pglite' | 'postgres';
  /** Runs `work` in one transaction on one connection; commits when it resolves, rolls back when it throws. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

function wrapClient(client: pg.PoolClient | pg.Pool): Queryable {
  return {
    async query<R>(sql: string, params?: unknown[]) {
      const result = await client.query(sql, params as any[]);
      return { rows: result.rows as R[], rowCount: result.rowCount ?? 0 };
    },
  };
}

/**
 * One code path for both engines: a `pg` pool, over TCP or over a wire-protocol stream to PGlite (`WireStream`).
 * With a `gate` (the embedded database's single connection), each query and each transaction holds
 * the connection in turn by priority, so a request never queues behind background work.
 */
export class PoolDatabase implements Database {
  private readonly direct: Queryable;

  constructor(
    readonly engine: 'pglite' | 'postgres',
    private readonly pool: pg.Pool,
    private readonly onClose: () => Promise<void> = async () => {},
    private readonly gate?: PriorityGate,
  ) {
    this.direct = wrapClient(pool);
  }

  query<R = any>(sql: string, params?: unknown[]): Promise<QueryResult<R>> {
    if (!this.gate) return this.direct.query<R>(sql, params);
    return this.gate.run(currentPriority(), () => this.direct.query<R>(sql, params));
  }

  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T> {
    if (!this.gate) return this.inTransaction(work);
    return this.gate.run(currentPriority(), () => this.inTransaction(work));
  }

  private async inTransaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      const result = await work(wrapClient(client));
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {});
      throw error;
    } finally {
      client.release();
    }
  }

  async close(): Promise<void> {
    await this.pool.end();
    await this.onClose();
  }
}
