import type { Analyzer } from '../analysis/analyzer.js';
import { feedbackDecider } from '../domain/feedback/decider.js';
import { feedbackStream } from '../domain/feedback/events.js';
import { systemContext } from '../eventstore/command-context.js';
import { handleCommand } from '../eventstore/command-handler.js';
import { StreamErasedError } from '../eventstore/event-store.js';
import type { CoreServices } from '../services.js';

const REEMBED_CHUNK = 32;

/** How many processed items carry a vector of another model than the analyzer's (search skips them). */
export async function countStaleEmbeddings(db: CoreServices['db'], model: string, projectId?: string): Promise<number> {
  const result = await db.query<{ n: string }>(`SELECT count(*) AS n FROM feedback_embeddings WHERE model <> $1 AND ($2::text IS NULL OR project_id = $2)`, [
    model,
    projectId ?? null,
  ]);
  return Number(result.rows[0].n);
}

/**
 * Re-embeds every processed item whose vector comes from another model than the analyzer's, so a
 * project never mixes models: each item gets `FeedbackReembedded`, leaves its theme, and is
 * clustered again among the themes of the new model. When the model fails, the run stops with its error;
 * items not reached keep their old vector and a later run picks them up.
 */
export async function reembedStale(
  services: Pick<CoreServices, 'db' | 'store' | 'clock' | 'engine' | 'ids'>,
  analyzer: Analyzer,
  options: { projectId?: string; onProgress?: (done: number) => void } = {},
): Promise<number> {
  const model = analyzer.embeddingModel.model;
  const context = systemContext('reembed', services.ids.next('run'));
  let done = 0;
  for (;;) {
    const batch = await services.db.query<{ feedback_id: string; project_id: string; text: string }>(
      `SELECT e.feedback_id, e.project_id, f.text FROM feedback_embeddings e JOIN feedback_items f USING (feedback_id)
        WHERE e.model <> $1 AND ($2::text IS NULL OR e.project_id = $2) ORDER BY e.feedback_id LIMIT 100`,
      [model, options.projectId ?? null],
    );
    if (batch.rows.length === 0) return done;
    let last;
    // Asked for together, so a remote embedder sends a chunk in one request rather than one per item.
    for (let start = 0; start < batch.rows.length; start += REEMBED_CHUNK) {
      const chunk = batch.rows.slice(start, start + REEMBED_CHUNK);
      const embeddings = await Promise.all(chunk.map((row) => analyzer.embed(row.text)));
      for (const [i, row] of chunk.entries()) {
        try {
          const handled = await handleCommand(
            services.store,
            feedbackStream(row.feedback_id),
            feedbackDecider,
            {
              type: 'RecordReembedding',
              reembedding: {
                feedbackId: row.feedback_id,
                projectId: row.project_id,
                embedding: embeddings[i],
                reembeddedAt: services.clock.now().toISOString(),
              },
            },
            { context },
          );
          last = handled.appended?.position ?? last;
        } catch (error) {
          if (!(error instanceof StreamErasedError)) throw error; // deleted meanwhile
        }
        done++;
        options.onProgress?.(done);
      }
    }
    if (last) await services.engine.waitFor(last, 60_000);
  }
}
