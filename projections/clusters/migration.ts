import type { Migration } from '../../src/db/migrations.js';

export const clustersMigrations: Migration[] = [
  {
    id: '0400_clusters',
    sql: `
      CREATE TABLE clusters (
        cluster_id text PRIMARY KEY,
        project_id text NOT NULL,
        model text NOT NULL,
        label text NOT NULL DEFAULT '',
        label_generation integer NOT NULL DEFAULT 0,
        status text NOT NULL DEFAULT 'active',
        muted boolean NOT NULL DEFAULT false,
        spiking boolean NOT NULL DEFAULT false,
        size integer NOT NULL DEFAULT 0,
        positive integer NOT NULL DEFAULT 0,
        neutral integer NOT NULL DEFAULT 0,
        negative integer NOT NULL DEFAULT 0,
        first_seen_at timestamptz,
        last_seen_at timestamptz,
        -- sum of the members' clustering vectors, added in the order they joined (identical on replay)
        centroid vector,
        merged_into text,
        created_at timestamptz NOT NULL
      );
      CREATE INDEX clusters_ranked ON clusters (project_id, status, size DESC) WHERE merged_into IS NULL;
      CREATE TABLE cluster_members (
        feedback_id text PRIMARY KEY,
        project_id text NOT NULL,
        cluster_id text,
        -- log position of the event that put the item in its theme: the canonical order of the centre's sum
        joined_seq numeric(20),
        user_id text,
        -- the redacted text: part of the clustering vector (its content words), removed with the item
        text text NOT NULL,
        sentiment text,
        model text,
        embedding vector,
        created_at timestamptz NOT NULL
      );
      CREATE INDEX cluster_members_cluster ON cluster_members (cluster_id, created_at);
    `,
  },
  {
    // 'manual' once a person renamed the theme: automatic labels then only move the label generation on.
    id: '0401_clusters_label_source',
    sql: `ALTER TABLE clusters ADD COLUMN IF NOT EXISTS label_source text NOT NULL DEFAULT 'automatic';`,
  },
  {
    // A theme a person split, made by a split, or renamed takes part in no automatic merge.
    id: '0402_clusters_hand_shaped',
    sql: `ALTER TABLE clusters ADD COLUMN IF NOT EXISTS hand_shaped boolean NOT NULL DEFAULT false;`,
  },
  {
    // The item's detected language: the offline embedding reads English only, so the clustering vector weighs it by language.
    id: '0403_cluster_members_language',
    sql: `ALTER TABLE cluster_members ADD COLUMN IF NOT EXISTS language text;`,
  },
  {
    // A theme's members in join order: whether a joining item comes last is one index probe (membership.ts).
    id: '0404_cluster_members_join_order',
    sql: `CREATE INDEX IF NOT EXISTS cluster_members_join_order ON cluster_members (cluster_id, joined_seq, feedback_id);`,
  },
  {
    // The clustering vector grew from 768 to 1,024 values (the aspect taxonomy): centres built
    // from the old vectors cannot be compared with new ones, so the read model is rebuilt from the log.
    id: '0405_clusters_rebuild_for_aspect_taxonomy',
    sql: `
      TRUNCATE clusters, cluster_members;
      DELETE FROM projection_checkpoints WHERE name = 'clusters';
      DELETE FROM parked_events WHERE projection = 'clusters';
    `,
  },
  {
    // The LLM analyzer names each item's topic, and the clustering vector of every model but the offline one
    // gained the lexical, aspect and topic blocks: those centres cannot be compared with
    // new vectors, so the read model is rebuilt from the log, where the topics are.
    id: '0406_cluster_members_topic',
    sql: `
      ALTER TABLE cluster_members ADD COLUMN IF NOT EXISTS topic text;
      TRUNCATE clusters, cluster_members;
      DELETE FROM projection_checkpoints WHERE name = 'clusters';
      DELETE FROM parked_events WHERE projection = 'clusters';
    `,
  },
  {
    // Each theme counts its members that threaten to leave. Analyses recorded before the field existed replay
    // as no churn risk, the defaults, so the read model needs no rebuild.
    id: '0407_clusters_churn_risk',
    sql: `
      ALTER TABLE cluster_members ADD COLUMN IF NOT EXISTS churn_risk boolean NOT NULL DEFAULT false;
      ALTER TABLE clusters ADD COLUMN IF NOT EXISTS churn_risk_count integer NOT NULL DEFAULT 0;
    `,
  },
  {
    // When a resolved theme was resolved (customer health credits recent fixes). Themes resolved
    // before this column existed keep null: resolved, date unknown, until the read model is rebuilt.
    id: '0408_clusters_resolved_at',
    sql: `ALTER TABLE clusters ADD COLUMN IF NOT EXISTS resolved_at timestamptz;`,
  },
  {
    // When the theme last regressed (a resolved theme got new feedback): the trends flag themes that
    // regressed inside a period. Older regressions are only in the log, so the read model is rebuilt.
    id: '0409_clusters_regressed_at',
    sql: `
      ALTER TABLE clusters ADD COLUMN IF NOT EXISTS regressed_at timestamptz;
      TRUNCATE clusters, cluster_members;
      DELETE FROM projection_checkpoints WHERE name = 'clusters';
      DELETE FROM parked_events WHERE projection = 'clusters';
    `,
  },
  {
    // Defined themes (POST /clusters): where a theme comes from, its keywords, description and parent area; and
    // which items a person placed (moved, split, merged by hand): the defined-theme pass never moves them, and
    // clustering follows them as examples of their themes. Hand moves are
    // only in the log, so the read model is rebuilt.
    id: '0410_clusters_defined_themes',
    sql: `
      ALTER TABLE clusters ADD COLUMN IF NOT EXISTS origin text NOT NULL DEFAULT 'discovered',
        ADD COLUMN IF NOT EXISTS keywords text[] NOT NULL DEFAULT '{}',
        ADD COLUMN IF NOT EXISTS description text,
        ADD COLUMN IF NOT EXISTS parent_id text,
        ADD COLUMN IF NOT EXISTS defined_at timestamptz;
      CREATE INDEX IF NOT EXISTS clusters_parent ON clusters (project_id, parent_id) WHERE parent_id IS NOT NULL;
      ALTER TABLE cluster_members ADD COLUMN IF NOT EXISTS placed_by_hand boolean NOT NULL DEFAULT false;
      CREATE INDEX IF NOT EXISTS cluster_members_examples ON cluster_members (project_id, model) WHERE placed_by_hand;
      TRUNCATE clusters, cluster_members;
      DELETE FROM projection_checkpoints WHERE name = 'clusters';
      DELETE FROM parked_events WHERE projection = 'clusters';
    `,
  },
  {
    // Vectors kept in the row instead of TOAST (a 512-dimension vector is just over its 2 kB threshold):
    // the nearest-theme query compares each item of a batch with every theme, and pgvector reads a
    // TOASTed argument out of line again on every comparison (7 times fewer buffers read for a batch of 50
    // items against 100 themes). A vector too large for a page still goes out of line. Only the storage
    // of rows written from now on changes; centres are rewritten at every join.
    id: '0411_vectors_stored_inline',
    sql: `
      ALTER TABLE clusters ALTER COLUMN centroid SET STORAGE MAIN;
      ALTER TABLE cluster_members ALTER COLUMN embedding SET STORAGE MAIN;
    `,
  },
];
