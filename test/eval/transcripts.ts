/**
 * Quote extraction quality on labelled calls (test/fixtures/transcripts/calls.json: text, vtt and
 * segments; several products; English, German, French, Spanish), offline extractor. Each call marks
 * its feedback moments (verbatim substrings of what the customer said).
 *
 * - verbatim: share of extracted quotes that are, white space folded, substrings of a customer turn.
 * - precision: share of extracted quotes that contain at least one marked moment (real feedback).
 * - recall: share of marked moments contained in some extracted quote.
 * - internal calls: calls marked `internal` must be judged internal, the others must not.
 * Run: `npx tsx test/eval/transcripts.ts`.
 */
import { readFileSync } from 'node:fs';
import { intakeRecord } from '../../commands/submit-transcript/intake-record.js';
import type { SubmitTranscriptBody } from '../../commands/submit-transcript/schema.js';
import { extractOffline } from '../../src/transcripts/extraction/offline-extractor.js';
import type { ExtractionTurn } from '../../src/transcripts/extraction/quote-extractor.js';
import { verbatimQuote } from '../../src/transcripts/extraction/verbatim.js';

export const VERBATIM_BAR = 1;
export const PRECISION_BAR = 0.8;
export const RECALL_BAR = 0.7;

interface LabelledCall {
  id: string;
  product: string;
  language: string;
  internal?: boolean;
  body: Omit<SubmitTranscriptBody, 'external_id'>;
  moments: string[];
}

const fold = (text: string) => text.normalize('NFC').replace(/\s+/g, ' ').trim();

/** The call's turns as extraction gets them: read and mapped by intake itself. */
export function turnsOf(call: LabelledCall): ExtractionTurn[] {
  const body = { external_id: call.id, ...call.body } as SubmitTranscriptBody;
  const context = {
    projectId: 'eval',
    transcriptId: call.id,
    receivedAt: new Date(),
    exclusions: { excludedTranscriptTitles: [], excludedTranscriptFolders: [] },
    plan: { monthlyAllowance: null, meteredThisMonth: 0 },
  };
  return intakeRecord(body, context).work.turns;
}

export const loadCalls = (): LabelledCall[] => JSON.parse(readFileSync(new URL('../fixtures/transcripts/calls.json', import.meta.url), 'utf8'));

export function evaluateExtraction(calls: LabelledCall[] = loadCalls()) {
  let quotes = 0;
  let verbatim = 0;
  let relevant = 0;
  let moments = 0;
  let found = 0;
  let internalRight = 0;
  const misses: string[] = [];
  const wrong: string[] = [];
  for (const call of calls) {
    const turns = turnsOf(call);
    const result = extractOffline(turns);
    if (result.internal === (call.internal ?? false)) internalRight++;
    else wrong.push(`${call.id}: judged ${result.internal ? 'internal' : 'external'}`);
    const extracted = result.internal ? [] : result.quotes.map((quote) => fold(quote.text));
    for (const quote of extracted) {
      quotes++;
      if (verbatimQuote(quote, turns)) verbatim++;
      if (call.moments.some((moment) => quote.includes(fold(moment)))) relevant++;
      else wrong.push(`${call.id}: not feedback: "${quote}"`);
    }
    for (const moment of call.moments) {
      moments++;
      if (extracted.some((quote) => quote.includes(fold(moment)))) found++;
      else misses.push(`${call.id}: missed "${moment}"`);
    }
  }
  const ratio = (a: number, b: number) => (b === 0 ? 1 : a / b);
  const figures = {
    calls: calls.length,
    quotes,
    moments,
    verbatim: ratio(verbatim, quotes),
    precision: ratio(relevant, quotes),
    recall: ratio(found, moments),
    internalAccuracy: ratio(internalRight, calls.length),
  };
  const passed = figures.verbatim >= VERBATIM_BAR && figures.precision >= PRECISION_BAR && figures.recall >= RECALL_BAR && figures.internalAccuracy === 1;
  return { ...figures, misses, wrong, passed };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const started = performance.now();
  const result = evaluateExtraction();
  const pct = (value: number) => `${(value * 100).toFixed(1)} %`;
  console.log(`Transcript quote extraction (offline): ${result.calls} calls, ${result.moments} marked moments, ${result.quotes} quotes`);
  console.log(`  verbatim ${pct(result.verbatim)} (bar 100 %), precision ${pct(result.precision)} (bar 80 %), recall ${pct(result.recall)} (bar 70 %)`);
  console.log(`  internal calls judged right: ${pct(result.internalAccuracy)}; ${(performance.now() - started).toFixed(0)} ms`);
  for (const line of [...result.misses, ...result.wrong]) console.log(`  ${line}`);
  process.exitCode = result.passed ? 0 : 1;
}
