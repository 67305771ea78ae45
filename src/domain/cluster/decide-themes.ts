import { createHash } from 'node:crypto';
import type { FeedbackClustered } from '../feedback/events.js';
import { chooseTheme, findMergeAmong, MAX_SETTLE_MERGES, type Assignment, type ClusteringThresholds } from './assignment.js';
import { matchDefinedTheme, type DefinedTheme } from './defined-match.js';
import type { ClusterEvent } from './events.js';
import { isSpike, type SpikeCounts } from './spike.js';
import { ThemeOverlay, type SnapshotTheme } from './theme-overlay.js';
import { cosineSimilarity } from './vectors.js';

/** One analysed item waiting for its theme, in log order. */
export interface BatchItem {
  feedbackId: string;
  /** The embedding model its vector came from: it joins themes of that model only. */
  model: string;
  /** Its clustering vector (unit length). */
  vector: readonly number[];
  /** Its own time (ms): a backfilled item counts for spikes at its time, not at receipt. */
  createdAt: number;
  /** Its (redacted) text and language, for the keywords of defined themes. */
  text?: string;
  language?: string;
}

export interface ThemeSnapshot {
  projectId: string;
  /** The project's live themes near the batch's items (with members), as the read model holds them. */
  themes: readonly SnapshotTheme[];
  /** When the batch is decided (ISO): the `at` of every event. */
  at: string;
  /** The project's defined themes by embedding model, keywords expanded; their centres are read from the themes. */
  defined?: ReadonlyMap<string, readonly DefinedTheme[]>;
  /** Items a person placed (moved, split off, merged by hand) near the batch: examples of their themes. */
  examples?: readonly ThemeExample[];
  /** The versions of the data the vectors and thresholds came from, recorded on each `FeedbackClustered`. */
  versions?: Readonly<Record<string, string>>;
}

/** An item a person placed into a theme: later items like it follow it there. */
export interface ThemeExample {
  clusterId: string;
  model: string;
  vector: readonly number[];
}

/** Examples that vote on an item's theme: its nearest ones at or above the join threshold. */
const EXAMPLE_VOTERS = 3;

/** One decided event, in the order it must reach the log, and the item whose clustering caused it. */
export type ThemeDecision =
  | { stream: 'cluster'; clusterId: string; event: ClusterEvent; causedBy: string }
  | { stream: 'feedback'; feedbackId: string; event: FeedbackClustered; causedBy: string };

export interface ThemesDecided {
  decisions: ThemeDecision[];
  /** Themes the batch started, with the items placed in them (to label them from their texts at once). */
  created: Map<string, string[]>;
  /** Themes whose label is due after the batch: they grew to a relabel size or absorbed another. */
  labelsDue: Set<string>;
  /** Each item's theme at the end of the batch (after merges). */
  placements: Map<string, string>;
  /** The snapshot's themes as the batch left them (merged ones gone): the next batch's snapshot, for a caller that keeps state itself. */
  themes: SnapshotTheme[];
}

interface Deciding extends ThemesDecided {
  /** Themes started in the batch that absorbed a theme older than the batch: their label is due after it too. */
  absorbedOlder: Set<string>;
}

/** Themes compared with the one that changed when settling merges. */
const SETTLE_NEIGHBOURS = 30;
const HOUR_MS = 3_600_000;

/**
 * A theme started by an item gets an id derived from the item and the embedding model, so a retried
 * batch finds the same theme, and the item re-embedded with another model starts a different one.
 */
export const clusterIdFor = (feedbackId: string, model: string) =>
  `cl_${BigInt('0x' + createHash('sha256').update(`${feedbackId}\u0000${model}`).digest('hex').slice(0, 26))
    .toString(36)
    .padStart(20, '0')
    .slice(-20)}`;

/** Sizes at which a theme's label is computed again as it grows. */
export function isRelabelSize(size: number): boolean {
  return [2, 3, 5, 10, 20, 50, 100, 200, 500].includes(size) || (size > 0 && size % 1000 === 0);
}

/**
 * Places a batch of items into themes, one after another, against the snapshot with an overlay of
 * what the batch changed so far: each item joins the nearest theme of its model at or above the join
 * threshold or starts one; joining a resolved theme regresses it, a muted one reopens silently; the
 * theme then settles merges with its neighbours (themes a person shaped are left alone) and the spike
 * rule is checked on its reports. An item alone is a batch of one: the same rules, the same events.
 */
export function decideThemes(batch: readonly BatchItem[], snapshot: ThemeSnapshot, thresholdsFor: (model: string) => ClusteringThresholds): ThemesDecided {
  const overlay = new ThemeOverlay(snapshot.themes);
  const decided: Deciding = { decisions: [], created: new Map(), labelsDue: new Set(), placements: new Map(), themes: [], absorbedOlder: new Set() };
  const { projectId, at, versions } = snapshot;
  const ref = (clusterId: string) => ({ clusterId, projectId, at });

  for (const item of batch) {
    const cluster = (event: ClusterEvent) => decided.decisions.push({ stream: 'cluster', clusterId: event.data.clusterId, event, causedBy: item.feedbackId });
    const thresholds = thresholdsFor(item.model);
    const assignment =
      definedThemeFor(item, snapshot.defined?.get(item.model) ?? [], overlay) ?? learnedOrNearest(item, snapshot.examples ?? [], overlay, thresholds);
    const joined = assignment.kind === 'join' ? assignment.clusterId : clusterIdFor(item.feedbackId, item.model);
    if (assignment.kind === 'create') {
      overlay.create(joined, item.model, item.vector.length);
      cluster({ type: 'ClusterCreated', data: { ...ref(joined), model: item.model } });
      decided.created.set(joined, []);
    }
    const theme = overlay.get(joined)!;
    if (theme.status === 'resolved') {
      cluster({ type: 'ClusterRegressed', data: { ...ref(joined), triggeredByFeedbackId: item.feedbackId } });
      overlay.set(joined, { status: 'active' });
    } else if (theme.status === 'muted') {
      cluster({ type: 'ClusterReopened', data: { ...ref(joined), triggeredByFeedbackId: item.feedbackId } });
      overlay.set(joined, { status: 'active' });
    }
    decided.decisions.push({
      stream: 'feedback',
      feedbackId: item.feedbackId,
      causedBy: item.feedbackId,
      event: {
        type: 'FeedbackClustered',
        data: {
          feedbackId: item.feedbackId,
          projectId,
          clusterId: joined,
          similarity: Math.round(assignment.similarity * 1e6) / 1e6,
          clusteredAt: at,
          ...(versions ? { versions } : {}),
        },
      },
    });
    overlay.join(joined, item.vector, item.createdAt);
    decided.created.get(joined)?.push(item.feedbackId);

    const { current, merged } = settle(overlay, joined, item, thresholds, (from, into) => {
      cluster({ type: 'ClusterMerged', data: { ...ref(from), into } });
      moveAll(decided, from, into);
    });
    decided.placements.set(item.feedbackId, current);

    const settledTheme = overlay.get(current)!;
    const counts = spikeCounts(settledTheme.reportTimes, item.createdAt);
    const spike = isSpike(counts);
    if (spike && !settledTheme.spiking && !settledTheme.muted) {
      const priorDailyRate = Math.round((counts.reportsPriorWeek / 7) * 100) / 100;
      cluster({
        type: 'ClusterSpiking',
        data: { ...ref(current), reportsLast24h: counts.reportsLast24h, priorDailyRate, triggeredByFeedbackId: item.feedbackId },
      });
      overlay.set(current, { spiking: true });
    } else if (!spike && settledTheme.spiking) {
      cluster({ type: 'ClusterSpikeEnded', data: ref(current) });
      overlay.set(current, { spiking: false });
    }
    if (merged || (assignment.kind === 'join' && isRelabelSize(settledTheme.size))) decided.labelsDue.add(current);
  }
  for (const clusterId of decided.created.keys()) if (!decided.absorbedOlder.has(clusterId)) decided.labelsDue.delete(clusterId);
  const { absorbedOlder: _absorbedOlder, ...result } = decided;
  return { ...result, themes: overlay.all() };
}

/**
 * First rule: a defined theme the item matches (`matchDefinedTheme`: its keywords, else its meaning) takes
 * it, its centre as the batch has grown it. The similarity recorded is the cosine to that centre.
 */
function definedThemeFor(item: BatchItem, defined: readonly DefinedTheme[], overlay: ThemeOverlay): Assignment | undefined {
  if (defined.length === 0) return undefined;
  const centreOf = (clusterId: string) => {
    const theme = overlay.get(clusterId);
    return theme && theme.size > 0 && theme.centroid.length === item.vector.length ? theme.centroid : undefined;
  };
  const themes = defined.map(({ centre: _stale, ...theme }) => {
    const centre = centreOf(theme.clusterId);
    return centre ? { ...theme, centre } : theme;
  });
  const match = matchDefinedTheme({ text: item.text ?? '', language: item.language, vector: item.vector }, themes);
  if (!match || !overlay.get(match.clusterId)) return undefined;
  const centre = centreOf(match.clusterId);
  return { kind: 'join', clusterId: match.clusterId, similarity: centre ? cosineSimilarity(item.vector, centre) : 0 };
}

/**
 * Second rule, corrections teach: the items a person placed that are nearest to this one (at most
 * `EXAMPLE_VOTERS`, each at or above the model's example threshold) vote; the theme with most votes takes it, a tie
 * going to the theme of the nearest example. The similarity recorded is the nearest example's of that theme.
 */
function exampleThemeFor(item: BatchItem, examples: readonly ThemeExample[], overlay: ThemeOverlay, thresholds: ClusteringThresholds): Assignment | undefined {
  const near = examples
    .filter((example) => example.model === item.model && example.vector.length === item.vector.length)
    .map((example) => ({ clusterId: overlay.current(example.clusterId), similarity: cosineSimilarity(item.vector, example.vector) }))
    .filter((example) => example.similarity >= (thresholds.example ?? thresholds.join) && overlay.get(example.clusterId))
    .sort((a, b) => b.similarity - a.similarity || (a.clusterId < b.clusterId ? -1 : 1))
    .slice(0, EXAMPLE_VOTERS);
  if (near.length === 0) return undefined;
  const votes = new Map<string, number>();
  for (const { clusterId } of near) votes.set(clusterId, (votes.get(clusterId) ?? 0) + 1);
  const most = Math.max(...votes.values());
  const winner = near.find(({ clusterId }) => votes.get(clusterId) === most)!;
  return { kind: 'join', clusterId: winner.clusterId, similarity: winner.similarity };
}

/**
 * The examples' theme, unless another theme's centre is nearer to the item than the examples are: a
 * person's correction carries to items that look more like it than like any other theme.
 */
function learnedOrNearest(item: BatchItem, examples: readonly ThemeExample[], overlay: ThemeOverlay, thresholds: ClusteringThresholds): Assignment {
  const nearest = nearestTheme(item, overlay, thresholds);
  const learned = exampleThemeFor(item, examples, overlay, thresholds);
  if (!learned || learned.kind !== 'join') return nearest;
  if (nearest.kind === 'join' && nearest.clusterId !== learned.clusterId && nearest.similarity > learned.similarity) return nearest;
  return learned;
}

/** Last rules: the nearest theme at or above the join threshold, else a new theme. */
function nearestTheme(item: BatchItem, overlay: ThemeOverlay, thresholds: ClusteringThresholds): Assignment {
  const scored = overlay
    .live(item.model, item.vector.length)
    .map((theme) => ({ clusterId: theme.clusterId, similarity: cosineSimilarity(item.vector, theme.centroid) }));
  return chooseTheme(scored, thresholds);
}

/**
 * Merges the theme that just changed with its best partner while one qualifies (`findMergeAmong` on
 * its nearest live, automatically mergeable themes; at most `MAX_SETTLE_MERGES`). Returns the item's
 * theme after the merges.
 */
function settle(
  overlay: ThemeOverlay,
  clusterId: string,
  item: BatchItem,
  thresholds: ClusteringThresholds,
  onMerge: (from: string, into: string) => void,
): { current: string; merged: boolean } {
  let current = clusterId;
  let merged = false;
  for (let step = 0; step < MAX_SETTLE_MERGES; step++) {
    const target = overlay.get(current);
    if (!target?.autoMerge) break;
    const partners = overlay
      .live(item.model, item.vector.length)
      .filter((theme) => theme.autoMerge && theme.clusterId !== current)
      .map((theme) => ({
        clusterId: theme.clusterId,
        size: theme.size,
        similarity: cosineSimilarity(theme.centroid, target.centroid),
        dot: dot(theme.centroid, target.centroid),
      }))
      .sort((a, b) => b.similarity - a.similarity || (a.clusterId < b.clusterId ? -1 : 1))
      .slice(0, SETTLE_NEIGHBOURS);
    const merge = findMergeAmong({ clusterId: current, size: target.size }, partners, thresholds);
    if (!merge) break;
    overlay.merge(merge.from, merge.into);
    onMerge(merge.from, merge.into);
    current = merge.into;
    merged = true;
  }
  return { current, merged };
}

/** A theme absorbed in the batch: the items the batch placed in it now count for the theme that absorbed it. */
function moveAll(decided: Deciding, from: string, into: string): void {
  for (const [feedbackId, clusterId] of decided.placements) if (clusterId === from) decided.placements.set(feedbackId, into);
  const startedFrom = decided.created.get(from);
  decided.created.delete(from);
  decided.labelsDue.delete(from);
  const startedInto = decided.created.get(into);
  // A theme started in this batch is labelled from the batch's texts, unless it absorbed an older theme.
  if (startedInto && startedFrom) startedInto.push(...startedFrom);
  else if (startedInto) decided.absorbedOlder.add(into);
}

/**
 * The spike window of a theme: its reports in the 24 hours up to its newest report and in the 7 days
 * before (`fallback` when it has none).
 */
export function spikeCounts(reportTimes: readonly number[], fallback: number): SpikeCounts {
  const newest = reportTimes.length > 0 ? reportTimes.reduce((a, b) => (b > a ? b : a)) : fallback;
  let reportsLast24h = 0;
  let reportsPriorWeek = 0;
  for (const time of reportTimes) {
    if (time > newest || time <= newest - 8 * 24 * HOUR_MS) continue;
    if (time > newest - 24 * HOUR_MS) reportsLast24h++;
    else reportsPriorWeek++;
  }
  return { reportsLast24h, reportsPriorWeek };
}

function dot(a: readonly number[], b: readonly number[]): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += a[i] * b[i];
  return sum;
}
