import type { WebhookEventKind } from '../../domain/webhook/events.js';
import type { Recorded } from '../../projection-engine/projection.js';
import type { EventsOf } from '../../projection-engine/projection.js';

/** Log events that become webhook events. */
export type SourceEvent = Recorded<
  EventsOf<'FeedbackClustered' | 'ClusterSpiking' | 'ClusterRegressed' | 'ClusterResolved' | 'QuestionVerdictChanged' | 'UserHealthChanged'>
>;

export interface OutboxEntry {
  /** Stable across retries and redeliveries: derived from the log event's id. */
  eventId: string;
  kind: WebhookEventKind;
  projectId: string;
  occurredAt: string;
  /** The envelope's `data`; cluster labels are added at delivery (they live in erasable label streams). */
  data: Record<string, unknown>;
  /** The item that caused it, for the 48-hour backfill rule. */
  triggeredByFeedbackId?: string;
  /** A Slack alert only, never a webhook delivery: a shadow user entering the at-risk band (spec 6 keeps `user.health_changed` for identified users). */
  slackOnly?: true;
}

/** The analysis `feedback.processed` carries, kept by the outbox from `FeedbackProcessed` until the item has its theme. */
export interface ProcessedAnalysis {
  sentiment: string;
  sentimentScore: number;
  type: string;
  emotions: string[];
  language: string;
  churnRisk?: boolean;
}

/** What an envelope needs beyond its event: the end users of a resolved theme, the analysis of a processed item. */
export interface EnvelopeFacts {
  themeUserIds?: string[];
  analysis?: ProcessedAnalysis;
}

/** Analyses recorded before the churn signal existed carry none: false. */
export const processedAnalysisOf = ({ sentiment, sentimentScore, type, emotions, language, churnRisk = false }: ProcessedAnalysis): ProcessedAnalysis => ({
  sentiment,
  sentimentScore,
  type,
  emotions,
  language,
  churnRisk,
});

/** The webhook event a log event becomes (spec 6; documented in the README). */
export function outboxEntryFor(event: SourceEvent, facts: EnvelopeFacts = {}): OutboxEntry {
  const eventId = `evt_${event.id.replace(/-/g, '')}`;
  switch (event.type) {
    // An item is processed once analysed and in a theme: the envelope goes with its first theme.
    case 'FeedbackClustered': {
      const { feedbackId, projectId, clusterId, clusteredAt } = event.data;
      return {
        eventId,
        kind: 'feedback.processed',
        projectId,
        occurredAt: clusteredAt,
        data: { feedbackId, ...facts.analysis, clusterId, processedAt: clusteredAt },
      };
    }
    case 'ClusterSpiking':
      return {
        eventId,
        kind: 'cluster.spiking',
        projectId: event.data.projectId,
        occurredAt: event.data.at,
        triggeredByFeedbackId: event.data.triggeredByFeedbackId,
        data: {
          clusterId: event.data.clusterId,
          triggeredByFeedbackId: event.data.triggeredByFeedbackId,
          reportsLast24h: event.data.reportsLast24h,
          priorDailyRate: event.data.priorDailyRate,
        },
      };
    case 'ClusterRegressed':
      return {
        eventId,
        kind: 'cluster.regressed',
        projectId: event.data.projectId,
        occurredAt: event.data.at,
        triggeredByFeedbackId: event.data.triggeredByFeedbackId,
        data: { clusterId: event.data.clusterId, triggeredByFeedbackId: event.data.triggeredByFeedbackId },
      };
    case 'ClusterResolved':
      return {
        eventId,
        kind: 'cluster.resolved',
        projectId: event.data.projectId,
        occurredAt: event.data.at,
        data: { clusterId: event.data.clusterId, userIds: facts.themeUserIds ?? [] },
      };
    case 'UserHealthChanged':
      return {
        eventId,
        kind: 'user.health_changed',
        projectId: event.data.projectId,
        occurredAt: event.data.at,
        triggeredByFeedbackId: event.data.triggeredByFeedbackId ?? undefined,
        data: {
          userId: event.data.userId,
          score: event.data.score,
          band: event.data.band,
          triggeredByFeedbackId: event.data.triggeredByFeedbackId,
          reasons: event.data.reasons ?? [],
          at: event.data.at,
          ...(event.data.shadow ? { shadow: true } : {}),
        },
        ...(event.data.shadow ? { slackOnly: true as const } : {}),
      };
    case 'QuestionVerdictChanged':
      return {
        eventId,
        kind: 'question.verdict_changed',
        projectId: event.data.projectId,
        occurredAt: event.data.changedAt,
        data: {
          questionId: event.data.questionId,
          previousVerdict: event.data.from,
          verdict: event.data.to,
          counts: event.data.counts,
          changedAt: event.data.changedAt,
        },
      };
  }
}
