import { detectionText } from './detectionText.js';
import { detectAddresses } from './detectors/address.js';
import { detectCards } from './detectors/card.js';
import { detectEmails } from './detectors/email.js';
import { detectIbans } from './detectors/iban.js';
import { detectIps } from './detectors/ip.js';
import { detectKnownNames } from './detectors/knownNames.js';
import { detectLowerCaseNames } from './detectors/lowerCaseName.js';
import { detectNames } from './detectors/name.js';
import { detectPhones } from './detectors/phone.js';
import { detectSecrets } from './detectors/secret.js';
import { detectSpelledEmails } from './detectors/spelledEmail.js';
import { findPlaceholders, placeholderFor } from './placeholders.js';
import type { RedactionOptions, RedactionResult, RedactionType } from './redactor.js';
import { resolveSpans } from './resolveSpans.js';
import type { Detector, Span } from './span.js';

export { REDACTION_TYPES } from './redactor.js';
export type { RedactionOptions, RedactionResult, RedactionType } from './redactor.js';

const DETECTORS: Detector[] = [
  detectEmails,
  detectSpelledEmails,
  detectSecrets,
  detectCards,
  detectIbans,
  detectIps,
  detectPhones,
  detectAddresses,
  detectNames,
  detectLowerCaseNames,
];

function runDetector(detector: Detector, text: string): Span[] {
  try {
    return detector(text);
  } catch {
    // A detector bug must not let the text through unredacted by the others, nor crash the caller.
    return [];
  }
}

/**
 * Replaces personal data in free text by typed placeholders (`[email]`, `[phone]`, ...). Pure, synchronous,
 * deterministic and idempotent: placeholders already in the text are left as they are.
 */
export function redact(text: string, options: RedactionOptions = {}): RedactionResult {
  if (typeof text !== 'string' || text.length === 0) return { text: typeof text === 'string' ? text : '', counts: {} };
  const folded = detectionText(text);
  const spans = DETECTORS.flatMap((detector) => runDetector(detector, folded));
  spans.push(...runDetector((t) => detectKnownNames(t, options.knownNames ?? []), text));
  const resolved = resolveSpans(spans, findPlaceholders(text));

  const counts: Partial<Record<RedactionType, number>> = {};
  let out = '';
  let cursor = 0;
  for (const span of resolved) {
    out += text.slice(cursor, span.start) + placeholderFor(span.type);
    counts[span.type] = (counts[span.type] ?? 0) + 1;
    cursor = span.end;
  }
  return { text: out + text.slice(cursor), counts };
}
