import { detectionText } from './detectionText.js';
import { detectAddresses } from './detectors/address.js';
import { detectBirthdates } from './detectors/birthdate.js';
import { detectBsns } from './detectors/bsn.js';
import { detectCards } from './detectors/card.js';
import { detectCodiciFiscali } from './detectors/codiceFiscale.js';
import { detectCvvs } from './detectors/cvv.js';
import { detectDniNies } from './detectors/dniNie.js';
import { detectEmails } from './detectors/email.js';
import { detectHtmlEmails } from './detectors/htmlEmail.js';
import { detectIbans } from './detectors/iban.js';
import { detectInseeNumbers } from './detectors/insee.js';
import { detectIntroducedNames } from './detectors/introducedName.js';
import { detectIps } from './detectors/ip.js';
import { detectKnownNames } from './detectors/knownNames.js';
import { detectLowerCaseNames } from './detectors/lowerCaseName.js';
import { detectNames } from './detectors/name.js';
import { detectPassports } from './detectors/passport.js';
import { detectPesels } from './detectors/pesel.js';
import { detectPhones } from './detectors/phone.js';
import { detectSecrets } from './detectors/secret.js';
import { detectSpacedEmails } from './detectors/spacedEmail.js';
import { detectSpelledEmails } from './detectors/spelledEmail.js';
import { detectSpelledPhones } from './detectors/spelledPhone.js';
import { detectSsns } from './detectors/ssn.js';
import { detectSteuerIds } from './detectors/steuerId.js';
import { detectUkNinos } from './detectors/ukNino.js';
import { detectUrlSecrets } from './detectors/urlSecret.js';
import { findPlaceholders, placeholderFor } from './placeholders.js';
import type { RedactionOptions, RedactionResult, RedactionType } from './redactor.js';
import { resolveSpans } from './resolveSpans.js';
import type { Detector, Span } from './span.js';

export { REDACTION_TYPES } from './redactor.js';
export type { RedactionOptions, RedactionResult, RedactionType } from './redactor.js';

const DETECTORS: Detector[] = [
  detectEmails,
  detectSpelledEmails,
  detectSpacedEmails,
  detectHtmlEmails,
  detectSecrets,
  detectUrlSecrets,
  detectCards,
  detectCvvs,
  detectIbans,
  detectSsns,
  detectUkNinos,
  detectBsns,
  detectPesels,
  detectSteuerIds,
  detectInseeNumbers,
  detectDniNies,
  detectCodiciFiscali,
  detectPassports,
  detectBirthdates,
  detectIps,
  detectPhones,
  detectSpelledPhones,
  detectAddresses,
  detectNames,
  detectLowerCaseNames,
];
// Detectors that read scripts the detection text folds away (Han and Kana become boundaries there).
const ORIGINAL_TEXT_DETECTORS: Detector[] = [detectIntroducedNames];

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
  spans.push(...ORIGINAL_TEXT_DETECTORS.flatMap((detector) => runDetector(detector, text)));
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
