import type { ThemeLabeler } from '../../analysis/labeler.js';
import { decideThemes, type ThemeDecision, type ThemesDecided } from '../../domain/cluster/decide-themes.js';
import { clusterLabelStream, clusterStream } from '../../domain/cluster/events.js';
import type { DefinedTheme } from '../../domain/cluster/defined-match.js';
import { CLUSTERING_VERSIONS, thresholdsFor } from '../../resources/clustering.js';
import type { DefinitionVectors } from '../defined-themes/definition-vectors.js';
import { loadDefinedThemes } from '../defined-themes/load-defined-themes.js';
import { feedbackDecider } from '../../domain/feedback/decider.js';
import { feedbackStream } from '../../domain/feedback/events.js';
import { appendInOrder } from '../../eventstore/append-in-order.js';
import { causedBy, type Actor, type CommandContext } from '../../eventstore/command-context.js';
import { foldStream } from '../../eventstore/command-handler.js';
import { StreamErasedError, type AppendOutcome, type LogPosition, type StreamAppend } from '../../eventstore/event-store.js';
import type { CoreServices } from '../../services.js';
import { labelDueThemes } from './label-due-themes.js';
import { relabelAfterDelete } from './relabel-after-delete.js';
import { readBatchMembers, readExamplesNear, readThemeSnapshot } from './theme-snapshot.js';
import { labelTheme } from './theme-label.js';

type Services = Pick<CoreServices, 'db' | 'store' | 'clock' | 'engine' | 'logger'>;

const CLUSTERING_WORKER: Actor = { kind: 'system', name: 'clustering-worker' };

/** What became of a batch: the jobs that are done (clustered, or nothing left to do), and those that failed. */
export interface BatchOutcome {
  done: string[];
  failed: Map<string, unknown>;
}

/** An item still waiting for its theme: its stream's revision, and the context of the event its clustering answers (not that event: it holds the embedding). */
interface Waiting {
  revision: number;
  context: CommandContext;
}

/**
 * Clusters a batch of one project's items: reads what the decisions need once (the items, their
 * streams, the themes near them), decides purely (`decideThemes`), labels the themes it started from
 * their texts, appends every event in one transaction in decision order, waits for the projections
 * once, then labels the themes whose label fell due. Runs under the project's clustering lease.
 */
export async function clusterBatch(
  services: Services,
  labeler: ThemeLabeler,
  projectId: string,
  feedbackIds: readonly string[],
  lease: { readonly lost: boolean },
  definitions?: DefinitionVectors,
): Promise<BatchOutcome> {
  const outcome: BatchOutcome = { done: [], failed: new Map() };
  const waiting = await readWaiting(services, feedbackIds, outcome);
  const { at, textOf, decided } = await decideBatch(services, projectId, [...waiting.keys()], definitions);
  for (const feedbackId of waiting.keys()) if (!textOf.has(feedbackId)) outcome.done.push(feedbackId);
  if (!decided) return outcome;

  const contextOf = (feedbackId: string) => waiting.get(feedbackId)!.context;
  const labels = await labelsOfNewThemes(services, labeler, projectId, decided, textOf, contextOf, at);
  if (lease.lost) return { done: [], failed: new Map() }; // another worker may be deciding for this project now

  const requests = decided.decisions.map((decision) => toRequest(decision, waiting, contextOf));
  const outcomes = await appendInOrder(services.store, [...requests, ...labels]);
  await settleOutcomes(services, projectId, decided, outcomes, contextOf, outcome);

  const due = new Map<string, CommandContext>();
  for (const [feedbackId, clusterId] of decided.placements) if (decided.labelsDue.has(clusterId)) due.set(clusterId, contextOf(feedbackId));
  await labelDueThemes(services, labeler, projectId, due);
  return outcome;
}

/** The decisions of a batch, without the themes as it left them (that only a caller keeping the state itself needs). */
type BatchDecisions = Omit<ThemesDecided, 'themes'>;

/**
 * Reads what the decisions need (the items with their vectors, the themes near them, defined themes,
 * examples) and decides. Only the decisions and the items' texts are returned: the hundreds of theme
 * centres read do not stay in memory through the labelling and appending that follow. No decisions
 * when no item has a vector.
 */
async function decideBatch(
  services: Services,
  projectId: string,
  feedbackIds: readonly string[],
  definitions: DefinitionVectors | undefined,
): Promise<{ at: string; textOf: Map<string, string>; decided?: BatchDecisions }> {
  const members = await readBatchMembers(services.db, feedbackIds);
  const textOf = new Map(members.map((member) => [member.feedbackId, member.text]));
  const at = services.clock.now().toISOString();
  if (members.length === 0) return { at, textOf };
  const themes = await readThemeSnapshot(services.db, projectId, [...textOf.keys()]);
  const defined = new Map<string, DefinedTheme[]>();
  for (const model of new Set(members.map((member) => member.model)))
    defined.set(model, await loadDefinedThemes(services.db, projectId, model, { centres: false, definitions }));
  const examples = await readExamplesNear(services.db, projectId, [...textOf.keys()]);
  const { decisions, created, labelsDue, placements } = decideThemes(
    members,
    { projectId, themes, at, defined, examples, versions: CLUSTERING_VERSIONS },
    thresholdsFor,
  );
  return { at, textOf, decided: { decisions, created, labelsDue, placements } };
}

async function readWaiting(services: Services, feedbackIds: readonly string[], outcome: BatchOutcome): Promise<Map<string, Waiting>> {
  const waiting = new Map<string, Waiting>();
  const streams = await Promise.allSettled(feedbackIds.map((feedbackId) => services.store.readStream(feedbackStream(feedbackId))));
  streams.forEach((read, i) => {
    const feedbackId = feedbackIds[i];
    if (read.status === 'rejected') {
      outcome.failed.set(feedbackId, read.reason);
      return;
    }
    const item = foldStream(feedbackDecider, read.value);
    const cause = read.value.findLast((event) => event.type === 'FeedbackProcessed' || event.type === 'FeedbackReembedded');
    if (item.status !== 'processed' || item.clusterId !== undefined || !cause) outcome.done.push(feedbackId);
    else waiting.set(feedbackId, { revision: read.value[read.value.length - 1].revision, context: causedBy(cause, CLUSTERING_WORKER) });
  });
  return waiting;
}

/** A theme the batch started is labelled at once, from the texts of the batch's items in it, in the same append. */
async function labelsOfNewThemes(
  services: Services,
  labeler: ThemeLabeler,
  projectId: string,
  decided: BatchDecisions,
  textOf: ReadonlyMap<string, string>,
  contextOf: (feedbackId: string) => CommandContext,
  at: string,
): Promise<StreamAppend[]> {
  const labels: StreamAppend[] = [];
  for (const [clusterId, feedbackIds] of decided.created) {
    if (feedbackIds.length === 0) continue;
    const texts = feedbackIds.map((feedbackId) => textOf.get(feedbackId)!).reverse();
    const label = await labelTheme(services.db, labeler, projectId, clusterId, texts);
    labels.push({
      stream: clusterLabelStream(clusterId, 0),
      expected: 'any',
      events: [{ type: 'ClusterLabeled', data: { clusterId, projectId, label, generation: 0, at }, metadata: { ...contextOf(feedbackIds[0]) } }],
    });
  }
  return labels;
}

function toRequest(decision: ThemeDecision, waiting: ReadonlyMap<string, Waiting>, contextOf: (feedbackId: string) => CommandContext): StreamAppend {
  const event = { type: decision.event.type, data: { ...decision.event.data }, metadata: { ...contextOf(decision.causedBy) } };
  if (decision.stream === 'feedback') {
    // Only if the item did not change since it was read: a deleted or re-embedded item is not placed.
    return { stream: feedbackStream(decision.feedbackId), expected: waiting.get(decision.feedbackId)!.revision, events: [event] };
  }
  return { stream: clusterStream(decision.clusterId), expected: decision.event.type === 'ClusterCreated' ? 'no_stream' : 'any', events: [event] };
}

/**
 * Reads the outcomes: an item placed is done; an item deleted meanwhile is done too (a theme it started
 * is relabelled without its words); any other refusal fails the item's job, to be retried. A theme
 * already created (a retried batch) is fine. Waits once for the projections to see the batch.
 */
async function settleOutcomes(
  services: Services,
  projectId: string,
  decided: BatchDecisions,
  outcomes: readonly AppendOutcome[],
  contextOf: (feedbackId: string) => CommandContext,
  outcome: BatchOutcome,
): Promise<void> {
  let last: LogPosition | undefined;
  const deleted: string[] = [];
  outcomes.forEach((result, i) => {
    if (result.ok) {
      last = result.result.position;
      const decision = decided.decisions[i];
      if (decision?.stream === 'feedback') outcome.done.push(decision.feedbackId);
      return;
    }
    const decision = decided.decisions[i];
    if (decision?.stream !== 'feedback') return;
    if (result.error instanceof StreamErasedError) {
      outcome.done.push(decision.feedbackId);
      deleted.push(decision.feedbackId);
    } else outcome.failed.set(decision.feedbackId, result.error);
  });
  if (last) await services.engine.waitFor(last);
  for (const feedbackId of deleted) {
    const started = [...decided.created].find(([, ids]) => ids.includes(feedbackId));
    if (started) await relabelAfterDelete(services, projectId, started[0], contextOf(feedbackId));
  }
}
