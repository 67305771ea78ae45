import type { RecordedEvent } from '../eventstore/event-store.js';
import type { KeyLookup, KeyRow } from './auth.js';

const PROJECT_EVENTS = new Set(['ProjectSettingsChanged', 'ApiKeyIssued', 'ApiKeyRevoked']);

/**
 * Remembers resolved keys so that a request costs no key query. Any change to keys or project
 * settings applied in this process empties it at once; `ttlMs` bounds how long a change made by
 * another process can take to be seen. Unknown keys are remembered too (as `undefined`), so a
 * never-issued key and a revoked one take the same path and the same time.
 */
export class KeyCache {
  private readonly entries = new Map<string, { row: KeyRow | undefined; expires: number }>();

  constructor(
    private readonly lookup: KeyLookup,
    private readonly now: () => number,
    private readonly ttlMs = 10_000,
    private readonly maxEntries = 10_000,
  ) {}

  readonly get: KeyLookup = async (keyHash) => {
    const cached = this.entries.get(keyHash);
    if (cached && cached.expires > this.now()) return cached.row;
    const row = await this.lookup(keyHash);
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    this.entries.set(keyHash, { row, expires: this.now() + this.ttlMs });
    return row;
  };

  /** A valid key this node has resolved and still trusts. */
  readonly knows = (keyHash: string): boolean => {
    const cached = this.entries.get(keyHash);
    return cached !== undefined && cached.expires > this.now() && cached.row !== undefined && !cached.row.revoked_at;
  };

  /** Call with every batch the projections applied. */
  observe(events: RecordedEvent[]): void {
    if (events.some((event) => PROJECT_EVENTS.has(event.type))) this.entries.clear();
  }
}
