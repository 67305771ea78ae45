import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Who is waiting for the database: a request someone waits on (`foreground`), or background work
 * (projections, workers). On the embedded database's one connection, foreground goes first.
 */
export type Priority = 'foreground' | 'background';

const storage = new AsyncLocalStorage<Priority>();

/** Runs `work` (and everything it awaits) at `priority`. */
export const withPriority = <T>(priority: Priority, work: () => T): T => storage.run(priority, work);

/** The priority of the code running now; background unless a caller said otherwise. */
export const currentPriority = (): Priority => storage.getStore() ?? 'background';

export interface PriorityGateOptions {
  /** Foreground idle this long: background work runs freely. */
  quietMs?: number;
  /** While requests keep coming, the share of the connection's time background work may take. */
  backgroundShare?: number;
  /** The longest background work waits for its budget after one long hold (a catch-up). */
  maxBackgroundPauseMs?: number;
  now?: () => number;
}

/**
 * One slot (the embedded database's single connection, whose queries run on the event loop) handed
 * out by priority. A foreground waiter goes before every background one. While requests keep
 * coming, background work gets a budget: after a background hold of d ms the next one waits
 * d × (1 − share) / share (at most `maxBackgroundPauseMs`), so it slows down under load but never stops (leases are renewed,
 * projections move on), and once requests pause for `quietMs` it runs freely again.
 */
export class PriorityGate {
  private busy = false;
  private readonly foreground: (() => void)[] = [];
  private readonly background: (() => void)[] = [];
  private lastForegroundAt = -Infinity;
  private backgroundAllowedAt = -Infinity;
  private timer: NodeJS.Timeout | undefined;
  private readonly quietMs: number;
  private readonly backgroundShare: number;
  private readonly maxBackgroundPauseMs: number;
  private readonly now: () => number;

  constructor(options: PriorityGateOptions = {}) {
    this.quietMs = options.quietMs ?? 50;
    this.backgroundShare = options.backgroundShare ?? 0.2;
    this.maxBackgroundPauseMs = options.maxBackgroundPauseMs ?? 500;
    this.now = options.now ?? (() => performance.now());
  }

  /** Runs `work` holding the slot. */
  async run<T>(priority: Priority, work: () => Promise<T>): Promise<T> {
    // The embedded database answers through promises alone, so a chain of background queries would
    // never give the event loop a turn: no request would be read, no timer would fire, until it ended.
    if (priority === 'background') await new Promise<void>((resolve) => setImmediate(resolve));
    await new Promise<void>((grant) => {
      (priority === 'foreground' ? this.foreground : this.background).push(grant);
      this.pump();
    });
    const started = this.now();
    try {
      return await work();
    } finally {
      const ended = this.now();
      if (priority === 'foreground') this.lastForegroundAt = ended;
      else this.backgroundAllowedAt = ended + Math.min(this.maxBackgroundPauseMs, ((ended - started) * (1 - this.backgroundShare)) / this.backgroundShare);
      this.busy = false;
      this.pump();
    }
  }

  private pump(): void {
    if (this.busy) return;
    const next = this.foreground.shift() ?? this.nextBackground();
    if (!next) return;
    this.busy = true;
    next();
  }

  private nextBackground(): (() => void) | undefined {
    if (this.background.length === 0) return undefined;
    const now = this.now();
    if (now - this.lastForegroundAt >= this.quietMs || now >= this.backgroundAllowedAt) return this.background.shift();
    if (!this.timer) {
      const wait = Math.max(1, Math.min(this.backgroundAllowedAt - now, this.lastForegroundAt + this.quietMs - now));
      this.timer = setTimeout(() => {
        this.timer = undefined;
        this.pump();
      }, wait);
    }
    return undefined;
  }
}
