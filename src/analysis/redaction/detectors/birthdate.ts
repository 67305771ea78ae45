import { alternation } from '../cues.js';
import { textBefore, type Span } from '../span.js';
import cues from './cues/birthdate.json' with { type: 'json' };

const MONTH = `(?:${alternation(cues.months)})`;
const DAY_SUFFIX = String.raw`(?:st|nd|rd|th|er|º|\.)?`;
// 14.03.1987, 03/14/87, 1987-03-14, 14 March 1987, 1. Mai 1970, 8 de julio de 1994, March 14, 1987.
const DATE = new RegExp(
  String.raw`(?<![\p{L}\p{N}.\/\-])(?:` +
    String.raw`(?<d1>\d{1,2})[.\/\-](?<m1>\d{1,2})[.\/\-](?<y1>\d{4}|\d{2})` +
    String.raw`|(?<y2>\d{4})[.\/\-](?<m2>\d{1,2})[.\/\-](?<d2>\d{1,2})` +
    String.raw`|(?<d3>\d{1,2})${DAY_SUFFIX}\s(?:de\s)?${MONTH}\.?(?:\s(?:de\s)?|,\s?)(?<y3>\d{4})` +
    String.raw`|${MONTH}\.?\s(?<d4>\d{1,2})${DAY_SUFFIX},?\s(?<y4>\d{4})` +
    String.raw`)(?![\p{L}\p{N}]|[.\/\-]\d)`,
  'giu',
);
const CUE_BEFORE = new RegExp(
  String.raw`(?:^|[^\p{L}])(?:${alternation(cues.before)})(?![\p{L}])[\s:,\-–]*(?:(?:${alternation(cues.fillers)})[\s:,]+){0,2}$`,
  'u',
);
// "Ich bin am 29.02.1996 geboren": the cue after the date, at most one word away.
const CUE_AFTER = new RegExp(String.raw`^(?:\s+\p{L}{1,12})?\s+(?:${alternation(cues.after)})(?![\p{L}])`, 'u');

function plausible(groups: Record<string, string | undefined>): boolean {
  const day = Number(groups.d1 ?? groups.d2 ?? groups.d3 ?? groups.d4);
  const year = Number(groups.y1 ?? groups.y2 ?? groups.y3 ?? groups.y4);
  const month = Number(groups.m1 ?? groups.m2 ?? 1);
  // Day and month may be either way round in the numeric form (14/03 or 03/14).
  const fits = (d: number, m: number) => d >= 1 && d <= 31 && m >= 1 && m <= 12;
  const yearFits = year < 100 || (year >= 1900 && year <= 2100);
  return yearFits && (fits(day, month) || (groups.m1 !== undefined && fits(month, day)));
}

/** Dates of birth: a full date (with its year) right after a birth cue ("born on", "DOB", "geboren am", "né le") or before "geboren". */
export function detectBirthdates(text: string): Span[] {
  const spans: Span[] = [];
  for (const m of text.matchAll(DATE)) {
    if (!m.groups || !plausible(m.groups)) continue;
    const end = m.index + m[0].length;
    const cued = CUE_BEFORE.test(textBefore(text, m.index, 60)) || CUE_AFTER.test(text.slice(end, end + 30).toLowerCase());
    if (cued) spans.push({ start: m.index, end, type: 'birthdate' });
  }
  return spans;
}
