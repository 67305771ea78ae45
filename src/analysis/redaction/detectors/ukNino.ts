import { cueBeforePattern, hasCueBefore } from '../cues.js';
import type { Span } from '../span.js';
import cues from './cues/idNumbers.json' with { type: 'json' };

// Two prefix letters (D, F, I, Q, U, V never; O never second), six digits often paired, a suffix letter A-D.
const NINO = /(?<![\p{L}\p{N}])([A-CEGHJ-PR-TW-Z][A-CEGHJ-NPR-TW-Z]) ?(\d{2}) ?(\d{2}) ?(\d{2})(?: ?([A-D]))?(?![\p{L}\p{N}])/gu;
const UNUSED_PREFIXES = new Set(['BG', 'GB', 'KN', 'NK', 'NT', 'TN', 'ZZ']);
const CUE = cueBeforePattern(cues.ukNino, 30);

/** UK National Insurance numbers: the full form anywhere, the form without its suffix letter only after a cue. */
export function detectUkNinos(text: string): Span[] {
  const spans: Span[] = [];
  for (const m of text.matchAll(NINO)) {
    if (UNUSED_PREFIXES.has(m[1])) continue;
    if (m[5] || hasCueBefore(text, m.index, CUE)) spans.push({ start: m.index, end: m.index + m[0].length, type: 'idnumber' });
  }
  return spans;
}
