import type { Migration } from '../../src/db/migrations.js';

/**
 * One vector per processed item, with the model that produced it. Dimensions differ per model, so
 * each supported dimension has its own partial HNSW index (cosine) over a cast of the column; a
 * search only ever compares vectors of one model.
 */
export const feedbackVectorsMigrations: Migration[] = [
  {
    id: '0300_feedback_embeddings',
    sql: `
      CREATE TABLE feedback_embeddings (
        feedback_id text PRIMARY KEY,
        project_id text NOT NULL,
        model text NOT NULL,
        dimensions integer NOT NULL,
        embedding vector NOT NULL
      );
      CREATE INDEX feedback_embeddings_project_model ON feedback_embeddings (project_id, model);
      CREATE INDEX feedback_embeddings_hnsw_512 ON feedback_embeddings
        USING hnsw ((embedding::vector(512)) vector_cosine_ops) WHERE dimensions = 512;
      CREATE INDEX feedback_embeddings_hnsw_1536 ON feedback_embeddings
        USING hnsw ((embedding::vector(1536)) vector_cosine_ops) WHERE dimensions = 1536;
    `,
  },
];

/** Dimensions with an HNSW index; other models are searched exactly (sequential scan). */
export const INDEXED_DIMENSIONS = [512, 1536];
