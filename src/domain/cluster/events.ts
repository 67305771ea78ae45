export type ClusterStatus = 'active' | 'resolved' | 'muted';

interface ClusterRef {
  clusterId: string;
  projectId: string;
  at: string;
}

export type ClusterEvent =
  | { type: 'ClusterCreated'; data: ClusterRef & { model: string } }
  /**
   * `cluster.resolved`. Names no end user: the log keeps no user id outside the user's own (erasable)
   * streams, so the webhook outbox reads the theme's users from the read model when it enqueues the
   * delivery (events recorded before this carried a `userIds` list, which nothing reads any more).
   */
  | { type: 'ClusterResolved'; data: ClusterRef }
  | { type: 'ClusterMuted'; data: ClusterRef }
  /** Set active by its owner (PATCH): clears muting. */
  | { type: 'ClusterActivated'; data: ClusterRef }
  /** `cluster.regressed`: new feedback joined a resolved, unmuted theme. */
  | { type: 'ClusterRegressed'; data: ClusterRef & { triggeredByFeedbackId: string } }
  /** New feedback joined a muted theme: it is active again, stays muted, and nobody is told. */
  | { type: 'ClusterReopened'; data: ClusterRef & { triggeredByFeedbackId: string } }
  /** `cluster.spiking`: ≥ 4 reports in 24 h at ≥ 3 × the prior week's daily rate; once per spike. */
  | {
      type: 'ClusterSpiking';
      data: ClusterRef & { reportsLast24h: number; priorDailyRate: number; triggeredByFeedbackId: string };
    }
  | { type: 'ClusterSpikeEnded'; data: ClusterRef }
  /**
   * A theme was folded into another; its items now belong to `into`. By the periodic pass (near
   * duplicates) or, with `manual`, by a person (`POST /clusters/{id}/merge`).
   */
  | { type: 'ClusterMerged'; data: ClusterRef & { into: string; manual?: boolean } }
  /**
   * Renamed by a person (`PATCH /clusters/{id}` with `label`, redacted): from then on the label is
   * manual and automatic labels (`ClusterLabeled`) no longer replace it.
   */
  | { type: 'ClusterRenamed'; data: ClusterRef & { label: string } }
  /**
   * This new theme was split off `from` by a person (`POST /clusters/{id}/split`), recorded with its
   * `ClusterCreated`; each named item then records its own `FeedbackMoved` (reason `split`).
   */
  | { type: 'ClusterSplit'; data: ClusterRef & { from: string; feedbackIds: string[] } }
  /**
   * The theme's links to tracker issues were set by a person (`PATCH /clusters/{id}` with `links`),
   * in canonical form; the whole list, replacing the previous one. An issue reported closed by its
   * tracker resolves every theme linked to it.
   */
  | { type: 'ClusterLinksChanged'; data: ClusterRef & { links: string[] } }
  /**
   * A person defined this theme (`POST /clusters`), recorded with its `ClusterCreated`: a label (manual,
   * redacted), the keywords that bring items in (normalised), an optional description (redacted) and an
   * optional parent area. A defined theme is never merged away, split or relabelled automatically.
   */
  | { type: 'ClusterDefined'; data: ClusterRef & ThemeDefinition & { label: string } }
  /**
   * A person changed a theme's definition (`PATCH /clusters/{id}` with `keywords`, `description` or
   * `parentId`): the whole definition after the change. Keywords given to a discovered theme make it a
   * defined theme from then on.
   */
  | { type: 'ClusterDefinitionChanged'; data: ClusterRef & ThemeDefinition };

/** What a person says a theme is about. `keywords` is empty only for a discovered theme given a description or parent. */
export interface ThemeDefinition {
  keywords: string[];
  description?: string;
  parentId?: string;
}

export const clusterStream = (clusterId: string) => `cluster-${clusterId}`;

/**
 * A theme's label is derived from its items' words, so it lives apart from the theme's life cycle:
 * in a label stream per generation. Deleting an item starts a new generation labelled from the
 * remaining items and erases the previous one, so no words of a deleted item stay in the log.
 * (Life-cycle events carry no label; consumers such as webhooks read the current one.)
 */
export interface ClusterLabeled {
  type: 'ClusterLabeled';
  data: ClusterRef & { label: string; generation: number };
}

export const clusterLabelStream = (clusterId: string, generation: number) => `cluster-label-${clusterId}-${generation}`;
