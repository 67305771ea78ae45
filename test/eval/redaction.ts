/**
 * Redaction quality on the labelled fixtures: recall of planted personal data (per placeholder kind and per
 * format: SSN, PESEL, JWT, a name in Japanese...) and the rate at which look-alikes (order numbers, versions,
 * dates, prices, tracking numbers, commit hashes...) get damaged. Run: `npx tsx test/eval/redaction.ts`.
 *
 * `cases.jsonl` and `tuning.jsonl` were developed against: they carry the bars and list every miss.
 * `held-out.jsonl` was never tuned against: figures only, no bar on the exit status, no item listed.
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { REDACTION_TYPES, redact, type RedactionType } from '../../src/analysis/redaction/index.js';

const FIXTURES = new URL('../fixtures/redaction/', import.meta.url);
export const RECALL_BAR = 0.99;
export const FALSE_REDACTION_BAR = 0.01;

interface Case {
  text: string;
  pii: Array<{ value: string; type: RedactionType; format?: string }>;
  keep: string[];
}

interface Recall {
  planted: number;
  found: number;
  typed: number;
}

export interface RedactionEvaluation {
  texts: number;
  planted: number;
  recall: number;
  typedRecall: number;
  recallByType: Partial<Record<RedactionType, Recall>>;
  recallByFormat: Record<string, Recall>;
  lookAlikes: number;
  lookAlikesKept: number;
  falseRedactionRate: number;
  msPerText: number;
  misses: string[];
  damaged: string[];
  passed: boolean;
}

/** Maps each placeholder of the output back to the range of the input it replaced (redact only substitutes). */
function placeholderRanges(input: string, output: string): Array<{ start: number; end: number; type: string }> {
  const parts = output.split(/(\[[a-z]+\])/);
  const pattern = parts.map((p, i) => (i % 2 === 1 ? '([\\s\\S]+?)' : p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).join('');
  const m = new RegExp(`^${pattern}$`, 'd').exec(input);
  if (!m?.indices) return [];
  const ranges: Array<{ start: number; end: number; type: string }> = [];
  for (let g = 1; g < m.indices.length; g++) {
    const [start, end] = m.indices[g];
    ranges.push({ start, end, type: parts[g * 2 - 1].slice(1, -1) });
  }
  return ranges;
}

async function readCases(files: string[]): Promise<Case[]> {
  const cases: Case[] = [];
  for (const file of files) {
    const lines = (await readFile(new URL(file, FIXTURES), 'utf8')).split('\n').filter((l) => l.trim().length > 0);
    cases.push(...lines.map((l) => JSON.parse(l) as Case));
  }
  return cases;
}

export async function evaluateRedaction(files: string[] = ['cases.jsonl']): Promise<RedactionEvaluation> {
  const cases = await readCases(files);
  const recallByType: RedactionEvaluation['recallByType'] = {};
  const recallByFormat: Record<string, Recall> = {};
  let planted = 0,
    found = 0,
    typed = 0,
    lookAlikes = 0,
    kept = 0,
    elapsed = 0;
  const misses: string[] = [];
  const damaged: string[] = [];

  for (const c of cases) {
    const t0 = performance.now();
    const output = redact(c.text).text;
    elapsed += performance.now() - t0;
    const ranges = placeholderRanges(c.text, output);
    for (const item of c.pii) {
      const tallies = [
        (recallByType[item.type] ??= { planted: 0, found: 0, typed: 0 }),
        (recallByFormat[item.format ?? item.type] ??= { planted: 0, found: 0, typed: 0 }),
      ];
      planted++;
      for (const t of tallies) t.planted++;
      const at = c.text.indexOf(item.value);
      const covering = ranges.filter((r) => r.start < at + item.value.length && at < r.end);
      const fullyCovered =
        covering.length > 0 && !output.includes(item.value) && covering[0].start <= at && covering[covering.length - 1].end >= at + item.value.length;
      if (!fullyCovered) {
        misses.push(`${item.format ?? item.type}: ${item.value}  =>  ${output}`);
        continue;
      }
      found++;
      for (const t of tallies) t.found++;
      if (covering.every((r) => r.type === item.type)) {
        typed++;
        for (const t of tallies) t.typed++;
      }
    }
    for (const value of c.keep) {
      lookAlikes++;
      if (output.includes(value)) kept++;
      else damaged.push(`${value}  =>  ${output}`);
    }
  }
  const recall = planted ? found / planted : 1;
  const falseRedactionRate = lookAlikes ? (lookAlikes - kept) / lookAlikes : 0;
  return {
    texts: cases.length,
    planted,
    recall,
    typedRecall: planted ? typed / planted : 1,
    recallByType,
    recallByFormat,
    lookAlikes,
    lookAlikesKept: kept,
    falseRedactionRate,
    msPerText: elapsed / Math.max(1, cases.length),
    misses,
    damaged,
    passed: recall >= RECALL_BAR && falseRedactionRate <= FALSE_REDACTION_BAR,
  };
}

function pct(x: number): string {
  return `${(x * 100).toFixed(1)}%`;
}

function recallLine(label: string, s: Recall): string {
  return `  ${label.padEnd(16)} ${String(s.planted).padStart(3)} planted   found ${pct(s.found / s.planted).padStart(6)}   right type ${pct(s.typed / s.planted).padStart(6)}`;
}

function printFigures(title: string, r: RedactionEvaluation): void {
  console.log(`\n${title}`);
  console.log(`texts: ${r.texts}   planted items: ${r.planted}   look-alikes: ${r.lookAlikes}`);
  console.log(`recall (any placeholder): ${pct(r.recall)}   recall (right type): ${pct(r.typedRecall)}`);
  console.log('by kind:');
  for (const type of REDACTION_TYPES) {
    const s = r.recallByType[type];
    if (s) console.log(recallLine(type, s));
  }
  const formats = Object.keys(r.recallByFormat).filter((f) => !(REDACTION_TYPES as readonly string[]).includes(f));
  if (formats.length > 0) {
    console.log('by format:');
    for (const format of formats.sort()) console.log(recallLine(format, r.recallByFormat[format]));
  }
  console.log(`look-alikes kept: ${r.lookAlikesKept}/${r.lookAlikes}   false-redaction rate: ${pct(r.falseRedactionRate)}`);
  console.log(`time: ${r.msPerText.toFixed(2)} ms per text`);
}

function verdict(r: RedactionEvaluation): string {
  return `${r.passed ? 'PASS' : 'FAIL'}: recall ${pct(r.recall)} (bar ≥ ${pct(RECALL_BAR)}), false redactions ${pct(r.falseRedactionRate)} (bar ≤ ${pct(FALSE_REDACTION_BAR)})`;
}

async function main(): Promise<void> {
  const tuning = await evaluateRedaction(['cases.jsonl', 'tuning.jsonl']);
  printFigures('Tuning (cases.jsonl + tuning.jsonl)', tuning);
  for (const m of tuning.misses) console.log(`  MISS    ${m}`);
  for (const d of tuning.damaged) console.log(`  DAMAGED ${d}`);
  console.log(verdict(tuning));

  const heldOut = await evaluateRedaction(['held-out.jsonl']);
  printFigures('Held-out (held-out.jsonl; never tuned against, figures only, not gating)', heldOut);
  console.log(`held-out against the same bars: ${verdict(heldOut)}`);
  if (!tuning.passed) process.exitCode = 1;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main();
