import { createHash } from 'node:crypto';
import type { ThemeLabeler } from '../../analysis/labeler.js';
import { chooseTheme } from '../../domain/cluster/assignment.js';
import { ClusterExists } from '../../domain/cluster/decide.js';
import { clusterDecider } from '../../domain/cluster/decider.js';
import { clusterStream } from '../../domain/cluster/events.js';
import { thresholdsFor } from '../../domain/cluster/thresholds.js';
import { feedbackDecider } from '../../domain/feedback/decider.js';
import { feedbackStream } from '../../domain/feedback/events.js';
import { causedBy, type Actor, type CommandContext } from '../../eventstore/command-context.js';
import { foldStream, handleCommand } from '../../eventstore/command-handler.js';
import { StreamErasedError, type RecordedEvent } from '../../eventstore/event-store.js';
import type { CoreServices } from '../../services.js';
import { describeFailure } from '../../support/describe-error.js';
import { isRelabelSize, labelTheme } from './theme-label.js';
import { themeAfterJoin } from './theme-after-join.js';
import { recordLabel } from './record-label.js';
import { relabelAfterDelete } from './relabel-after-delete.js';
import { finiteOrZero, settleTheme } from './settle-theme.js';
import { definedThemeFor } from './defined-themes.js';

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
  embedded: boolean;
  created_at: Date;
  text: string;
}

/** A theme whose label is due (it grew to a relabel size, or absorbed another), and the context that made it due. */
export interface DueLabel {
  clusterId: string;
  context: CommandContext;
}

/**
 * Puts one processed item into a theme: the nearest theme of its project and embedding model
 * above the join threshold, or a new one. Status effects on the theme (regression, silent
 * reopening) are recorded before the membership, so a crash in between is repaired by the retry;
 * then the spike rule is checked. A new theme is labelled at once; a theme whose label is due as it
 * grows or merges is returned, for the worker to label once per batch (`labelDueThemes`).
 */
export async function clusterItem(services: Services, labeler: ThemeLabeler, projectId: string, feedbackId: string): Promise<DueLabel | undefined> {
  const recorded = await services.store.readStream(feedbackStream(feedbackId));
  const item = foldStream(feedbackDecider, recorded);
  const cause = latestEmbedding(recorded);
  if (item.status !== 'processed' || item.clusterId !== undefined || !cause) return undefined;
  const context = causedBy(cause, CLUSTERING_WORKER);
  const found = await services.db.query<Member>(
    `SELECT m.model, m.embedding IS NOT NULL AS embedded, m.created_at, f.text
       FROM cluster_members m JOIN feedback_items f USING (feedback_id) WHERE m.feedback_id = $1`,
    [feedbackId],
  );
  const member = found.rows[0];
  if (!member?.embedded || !member.model) return undefined;
  // The nearest centre and its cosine, both computed by pgvector: no vector travels to the worker. Centres of
  // another size (a server that changed the model behind one name) are never compared.
  const nearest = await services.db.query<{ cluster_id: string; similarity: number }>(
    `SELECT c.cluster_id, 1 - (c.centroid <=> m.embedding) AS similarity
       FROM clusters c, (SELECT embedding FROM cluster_members WHERE feedback_id = $3) m
      WHERE c.project_id = $1 AND c.model = $2 AND c.merged_into IS NULL AND c.size > 0 AND c.centroid IS NOT NULL
        AND vector_dims(c.centroid) = vector_dims(m.embedding)
      ORDER BY c.centroid <=> m.embedding, c.cluster_id LIMIT 1`,
    [projectId, member.model, feedbackId],
  );
  const assignment =
    (await definedThemeFor(services.db, projectId, member.model, feedbackId)) ??
    chooseTheme(
      nearest.rows.map((c) => ({ clusterId: c.cluster_id, similarity: finiteOrZero(c.similarity) })),
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
    return undefined;
  }
  await services.engine.waitFor(clustered.appended.position);
  const settled = await settleTheme(services, projectId, clusterId, member.model, context);
  clusterId = settled.theme;

  // Reports count by their own time, but the spike is judged on the theme's latest 24 hours: a late
  // backfill (older than the newest report) must not end a running spike, which would fire it again.
  const { size, counts } = await themeAfterJoin(services.db, clusterId, member.created_at);
  await handleCommand(services.store, clusterStream(clusterId), clusterDecider, { type: 'CheckSpike', counts, feedbackId, at: now() }, { context });
  return settled.merged || (assignment.kind === 'join' && isRelabelSize(size)) ? { clusterId, context } : undefined;
}

/**
 * Labels the themes a batch made due, once each, from their members at the end of the batch (a theme
 * that grew from 2 to 5 items in one batch is labelled once, not three times). A theme absorbed later in
 * the batch is skipped: the theme that absorbed it is due too. A failure is logged and leaves the
 * previous label; the items stay clustered.
 */
export async function labelDueThemes(
  services: Services & Pick<CoreServices, 'logger'>,
  labeler: ThemeLabeler,
  projectId: string,
  due: ReadonlyMap<string, CommandContext>,
): Promise<void> {
  for (const [clusterId, context] of due) {
    try {
      const theme = await services.db.query<{ merged_into: string | null }>(`SELECT merged_into FROM clusters WHERE cluster_id = $1`, [clusterId]);
      if (!theme.rows[0] || theme.rows[0].merged_into) continue;
      await recordLabel(services, projectId, clusterId, await labelTheme(services.db, labeler, projectId, clusterId), context);
    } catch (error) {
      services.logger.warn({ clusterId, projectId, lastError: describeFailure(error) }, 'theme label not refreshed');
    }
  }
}
