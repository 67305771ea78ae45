// The read models of one project filled in a few set-based statements, for the trends benchmark: no analyzer, no log.
import type { TestServer } from '../support/test-server.js';

export const THEMES = 200;
const USERS = 2_000;

/**
 * `items` items in 200 themes of skewed sizes (theme t gets a share ~ 1/(t+1): a few large themes and a
 * long tail), spread over 180 days, from 2,000 users with a customer value (`mrr`). Returns the largest theme.
 */
export async function seedTrendItems(server: TestServer, projectId: string, items: number): Promise<string> {
  const db = server.runtime.db;
  await db.query(
    `INSERT INTO clusters (cluster_id, project_id, model, label, created_at)
     SELECT 'cl_bench_' || t, $1, 'bench', 'Theme ' || t, now() - interval '200 days' FROM generate_series(0, ${THEMES - 1}) t`,
    [projectId],
  );
  await db.query(
    `INSERT INTO feedback_items (feedback_id, project_id, text, source, user_id, metadata, status, sentiment, type, language, cluster_id,
                                 created_at, received_at, list_seq)
     SELECT 'fb_bench_' || i, $1, 'Bench item ' || i, (ARRAY['api','widget','csv'])[1 + i % 3], 'user_' || (i % ${USERS}), '{}', 'processed',
            (ARRAY['positive','neutral','negative','negative'])[1 + (i * 7) % 4], (ARRAY['bug','complaint','feature_request'])[1 + i % 3],
            (ARRAY['en','en','en','de','fr'])[1 + i % 5],
            'cl_bench_' || least(${THEMES - 1}, floor(exp(random() * ln(${THEMES + 1})) - 1)::int),
            now() - random() * interval '180 days', now(), i
       FROM generate_series(1, ${items}) i`,
    [projectId],
  );
  await db.query(
    `UPDATE clusters c SET size = s.size, first_seen_at = s.first_seen, last_seen_at = s.last_seen
       FROM (SELECT cluster_id, count(*)::int AS size, min(created_at) AS first_seen, max(created_at) AS last_seen FROM feedback_items GROUP BY cluster_id) s
      WHERE c.cluster_id = s.cluster_id`,
  );
  await db.query(
    `INSERT INTO user_feedback (feedback_id, project_id, user_id, created_at) SELECT feedback_id, project_id, user_id, created_at FROM feedback_items`,
  );
  await db.query(
    `INSERT INTO user_value_marks (project_id, user_id, trait, current) SELECT $1, 'user_' || u, 'mrr', (u % 50) * 10 FROM generate_series(0, ${USERS - 1}) u`,
    [projectId],
  );
  return 'cl_bench_0';
}
