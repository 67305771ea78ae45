/**
 * Redaction port. Personal data is replaced by typed placeholders before anything is stored or logged.
 */
export const REDACTION_TYPES = ['email', 'phone', 'card', 'iban', 'ip', 'address', 'secret', 'name'] as const;
export type RedactionType = (typeof REDACTION_TYPES)[number];

export interface RedactionOptions {
  /** Names the caller supplied (e.g. transcript attendees, owner name): always redacted as `[name]`. */
  knownNames?: string[];
}

export interface RedactionResult {
  /** The text with each finding replaced by `[type]`. */
  text: string;
  /** How many of each type were replaced (no values: this is safe to log). */
  counts: Partial<Record<RedactionType, number>>;
}
