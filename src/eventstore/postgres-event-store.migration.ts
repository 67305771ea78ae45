import type { Migration } from '../db/migrations.js';

export const eventStoreMigrations: Migration[] = [
  {
    id: '0001_event_store',
    sql: `
      CREATE TABLE events (
        global_position bigserial NOT NULL,
        transaction_id xid8 NOT NULL DEFAULT pg_current_xact_id(),
        event_id uuid NOT NULL,
        stream text NOT NULL,
        revision integer NOT NULL,
        type text NOT NULL,
        data jsonb NOT NULL,
        metadata jsonb NOT NULL DEFAULT '{}',
        recorded_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (global_position),
        UNIQUE (stream, revision)
      );
      CREATE INDEX events_log_order ON events (transaction_id, global_position);
      CREATE TABLE erased_streams (
        stream text PRIMARY KEY,
        erased_at timestamptz NOT NULL DEFAULT now()
      );
    `,
  },
];
