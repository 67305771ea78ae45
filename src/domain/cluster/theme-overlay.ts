import type { ClusterStatus } from './events.js';
import { addVectors } from './vectors.js';

/** A live theme as one clustering batch sees it: read once before the batch, changed in memory by it. */
export interface SnapshotTheme {
  clusterId: string;
  model: string;
  /** Sum of the members' unit clustering vectors; empty while a (defined) theme has no members. */
  centroid: readonly number[];
  size: number;
  status: ClusterStatus;
  muted: boolean;
  spiking: boolean;
  /** False for themes a person shaped (renamed, split): automatic merges leave them alone. */
  autoMerge: boolean;
  /** Its members' own times (ms) within the 8 days up to its newest member: the spike window. */
  reportTimes: readonly number[];
}

/**
 * The themes of one project as a batch changes them: new themes, grown centres, merges, status
 * changes. Every decision of the batch reads this, never the snapshot it started from, so no
 * decision sees a stale centre.
 */
export class ThemeOverlay {
  private readonly themes = new Map<string, SnapshotTheme>();
  private readonly mergedInto = new Map<string, string>();

  constructor(snapshot: readonly SnapshotTheme[]) {
    for (const theme of snapshot) this.themes.set(theme.clusterId, theme);
  }

  get(clusterId: string): SnapshotTheme | undefined {
    return this.themes.get(clusterId);
  }

  /** The theme `clusterId` is now: itself, or the theme that absorbed it in this batch. */
  current(clusterId: string): string {
    let id = clusterId;
    for (let next = this.mergedInto.get(id); next !== undefined; next = this.mergedInto.get(id)) id = next;
    return id;
  }

  /** Every theme as the batch left it, for the next batch of a caller that keeps the state itself (an evaluation). */
  all(): SnapshotTheme[] {
    return [...this.themes.values()];
  }

  /** Live themes of `model` with members and a centre of `dimensions`: those an item may join or merge with. */
  live(model: string, dimensions: number): SnapshotTheme[] {
    return [...this.themes.values()].filter((theme) => theme.model === model && theme.size > 0 && theme.centroid.length === dimensions);
  }

  create(clusterId: string, model: string, dimensions: number): void {
    this.themes.set(clusterId, {
      clusterId,
      model,
      centroid: new Array<number>(dimensions).fill(0),
      size: 0,
      status: 'active',
      muted: false,
      spiking: false,
      autoMerge: true,
      reportTimes: [],
    });
  }

  join(clusterId: string, vector: readonly number[], at: number): void {
    this.update(clusterId, (theme) => ({
      ...theme,
      centroid: theme.centroid.length === 0 ? [...vector] : addVectors(theme.centroid, vector),
      size: theme.size + 1,
      reportTimes: [...theme.reportTimes, at],
    }));
  }

  /** `from` is folded into `into`: its members, centre and reports go along; `from` is no longer live. */
  merge(from: string, into: string): void {
    const absorbed = this.themes.get(from);
    if (!absorbed) return;
    this.themes.delete(from);
    this.mergedInto.set(from, into);
    this.update(into, (theme) => ({
      ...theme,
      centroid: addVectors(theme.centroid, absorbed.centroid),
      size: theme.size + absorbed.size,
      reportTimes: [...theme.reportTimes, ...absorbed.reportTimes],
    }));
  }

  set(clusterId: string, change: Partial<Pick<SnapshotTheme, 'status' | 'spiking'>>): void {
    this.update(clusterId, (theme) => ({ ...theme, ...change }));
  }

  private update(clusterId: string, change: (theme: SnapshotTheme) => SnapshotTheme): void {
    const theme = this.themes.get(clusterId);
    if (theme) this.themes.set(clusterId, change(theme));
  }
}
