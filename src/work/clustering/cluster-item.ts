import { createHash } from 'node:crypto';
import pgvector from 'pgvector';
import type { ThemeLabeler } from '../../analysis/labeler.js';
import { assignToCluster } from '../../domain/cluster/assignment.js';
import { ClusterExists } from '../../domain/cluster/decide.js';
import { clusterDecider } from '../../domain/cluster/decider.js';
import { clusterStream } from '../../domain/cluster/events.js';
import { thresholdsFor } from '../../domain/cluster/thresholds.js';
import { feedbackDecider } from '../../domain/feedback/decider.js';
import { feedbackStream } from '../../domain/feedback/events.js';
import { causedBy, type Actor } from '../../eventstore/command-context.js';
import { foldStream, handleCommand } from '../../eventstore/command-handler.js';
import { StreamErasedError, type RecordedEvent } from '../../eventstore/event-store.js';
import type { CoreServices } from '../../services.js';
import { isRelabelSize, labelTheme } from './theme-label.js';
import { themeAfterJoin } from './theme-after-join.js';
import { recordLabel } from './record-label.js';
import { relabelAfterDelete } from './relabel-after-delete.js';
import { settleTheme } from './settle-theme.js';

type Services = Pick<CoreServices, 'db' | 'store' | 'clock' | 'engine'>;

const CLUSTERING_WORKER: Actor = { kind: 'system', name: 'clustering-worker' };

/** What the item is clustered for: its latest analysis or re-embedding (which carries the vector used). */
const latestEmbedding = (recorded: RecordedEvent[]) => recorded.findLast((event) => event.type === 'FeedbackProcessed' || event.type === 'FeedbackReembedded');

/**
 * A theme started by an item gets an id derived from the item and the embedding model, so a retried
 * worker finds the same theme, and the item re-embedded with another model starts a different one.
 */
export const clusterIdFor = (feedbackId: string, model: string) =>
  `cl_${BigInt('0x' + createHash('sha256').update(`${feedbackId}\u0000${model}`).digest('hex').slice(0, 26))
    .toString(36)
    .padStart(20, '0')
    .slice(-20)}`;

interface Member {
  model: string | null;
  embedding: string | null;
  created_at: Date;
  text: string;
}

/**
 * Puts one processed item into a theme: the nearest theme of its project and embedding model
 * above the join threshold, or a new one. Status effects on the theme (regression, silent
 * reopening) are recorded before the membership, so a crash in between is repaired by the retry;
 * then the spike rule is checked and the label refreshed as the theme grows.
 */
export async function clusterItem(services: Services, labeler: ThemeLabeler, projectId: string, feedbackId: string): Promise<void> {
  const recorded = await services.store.readStream(feedbackStream(feedbackId));
  const item = foldStream(feedbackDecider, recorded);
  const cause = latestEmbedding(recorded);
  if (item.status !== 'processed' || item.clusterId !== undefined || !cause) return;
  const context = causedBy(cause, CLUSTERING_WORKER);
  const found = await services.db.query<Member>(
    `SELECT m.model, m.embedding::text AS embedding, m.created_at, f.text
       FROM cluster_members m JOIN feedback_items f USING (feedback_id) WHERE m.feedback_id = $1`,
    [feedbackId],
  );
  const member = found.rows[0];
  if (!member?.embedding || !member.model) return;
  const vector = pgvector.fromSql(member.embedding) as number[];
  // The nearest centre by cosine, computed by pgvector: only that one theme's centre comes back.
  const nearest = await services.db.query<{ cluster_id: string; centroid: string; size: number }>(
    `SELECT cluster_id, centroid::text AS centroid, size FROM clusters
      WHERE project_id = $1 AND model = $2 AND merged_into IS NULL AND size > 0 AND centroid IS NOT NULL
      ORDER BY centroid <=> $3::vector, cluster_id LIMIT 1`,
    [projectId, member.model, member.embedding],
  );
  const assignment = assignToCluster(
    vector,
    nearest.rows.map((c) => ({ clusterId: c.cluster_id, centroid: pgvector.fromSql(c.centroid) as number[], size: c.size })),
    thresholdsFor(member.model),
  );
  const now = () => services.clock.now().toISOString();
  let clusterId = assignment.kind === 'join' ? assignment.clusterId : clusterIdFor(feedbackId, member.model);
  if (assignment.kind === 'create') {
    const created = await handleCommand(
      services.store,
      clusterStream(clusterId),
      clusterDecider,
      {
        type: 'CreateCluster',
        clusterId,
        projectId,
        model: member.model,
        at: now(),
      },
      { context },
    ).catch((error) => {
      if (!(error instanceof ClusterExists)) throw error;
      return undefined;
    });
    if (created?.appended) await services.engine.waitFor(created.appended.position);
    await recordLabel(services, projectId, clusterId, await labelTheme(services.db, labeler, projectId, clusterId, [member.text]), context);
  }
  await handleCommand(services.store, clusterStream(clusterId), clusterDecider, { type: 'RecordJoin', feedbackId, at: now() }, { context });
  const clustered = await handleCommand(
    services.store,
    feedbackStream(feedbackId),
    feedbackDecider,
    {
      type: 'RecordCluster',
      assignment: { feedbackId, projectId, clusterId, similarity: Math.round(assignment.similarity * 1e6) / 1e6, clusteredAt: now() },
    },
    { context },
  ).catch((error) => {
    if (error instanceof StreamErasedError) return undefined;
    throw error;
  });
  if (!clustered?.appended) {
    // Deleted while being clustered: a theme it started must not keep a label made of its words.
    if (assignment.kind === 'create') await relabelAfterDelete(services, projectId, clusterId, context);
    return;
  }
  await services.engine.waitFor(clustered.appended.position);
  clusterId = await settleTheme(services, labeler, projectId, clusterId, member.model, context);

  // Reports count by their own time, but the spike is judged on the theme's latest 24 hours: a late
  // backfill (older than the newest report) must not end a running spike, which would fire it again.
  const { size, counts } = await themeAfterJoin(services.db, clusterId, member.created_at);
  await handleCommand(services.store, clusterStream(clusterId), clusterDecider, { type: 'CheckSpike', counts, feedbackId, at: now() }, { context });
  if (assignment.kind === 'join' && isRelabelSize(size)) {
    await recordLabel(services, projectId, clusterId, await labelTheme(services.db, labeler, projectId, clusterId), context);
  }
}
