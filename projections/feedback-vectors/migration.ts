import type { Migration } from '../../src/db/migrations.js';

/**
 * One vector per processed item, with the model that produced it. Dimensions differ per model, so the
 * column has no fixed size and each common dimension has its own partial HNSW index (cosine) over a cast
 * of the column; an index holds only rows of its size, so an unused one costs nothing. A search only ever
 * compares vectors of one model and size. Other sizes are searched exactly (a sequential scan of the
 * project's rows), and pgvector cannot index a vector above 2,000 dimensions anyway.
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
  {
    // The sizes of the usual self-hosted embedding models: MiniLM / e5-small (384), nomic-embed-text and
    // e5-base (768), bge-m3 and e5-large (1024).
    id: '0301_feedback_embeddings_hnsw_self_hosted_sizes',
    sql: `
      CREATE INDEX IF NOT EXISTS feedback_embeddings_hnsw_384 ON feedback_embeddings
        USING hnsw ((embedding::vector(384)) vector_cosine_ops) WHERE dimensions = 384;
      CREATE INDEX IF NOT EXISTS feedback_embeddings_hnsw_768 ON feedback_embeddings
        USING hnsw ((embedding::vector(768)) vector_cosine_ops) WHERE dimensions = 768;
      CREATE INDEX IF NOT EXISTS feedback_embeddings_hnsw_1024 ON feedback_embeddings
        USING hnsw ((embedding::vector(1024)) vector_cosine_ops) WHERE dimensions = 1024;
    `,
  },
];

/** Dimensions with an HNSW index; other models are searched exactly (sequential scan). */
export const INDEXED_DIMENSIONS = [384, 512, 768, 1024, 1536];
