/**
 * Redaction port. Personal data is replaced by typed placeholders before anything is stored or logged.
 */
import { REDACTION_TYPES, type RedactionType } from '../../domain/feedback/redaction-types.js';

export { REDACTION_TYPES, type RedactionType };

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
