/**
 * Recall of one aspect keyword file on a dev set of labelled texts (`{"text", "aspect"}` lines; aspect
 * `none` for a text about none of the file's aspects), matched exactly as the service matches
 * (`foldForAspects`, `KeywordIndex`). Prints each miss and each extra tag unless --quiet. Tool for the
 * taxonomy's keyword rounds (test/fixtures/aspect-taxonomy/dev-sets/README.md), not part of `npm run eval`.
 *
 *   npx tsx test/eval/aspect-keyword-recall.ts resources/themes/aspect-taxonomy/software.json \
 *     test/fixtures/aspect-taxonomy/dev-sets/round3-b-software.jsonl --quiet
 */
import { readFile } from 'node:fs/promises';
import { readJsonl } from '../../src/analysis/offline/training/labelled-example.js';
import { foldForAspects } from '../../src/domain/cluster/aspects.js';
import { KeywordIndex } from '../../src/domain/cluster/keyword-index.js';

const [file, devFile, flag] = process.argv.slice(2);
const quiet = flag === '--quiet';
const aspects = JSON.parse(await readFile(file, 'utf8')) as { aspect: string; keywords: string[] }[];
const index = new KeywordIndex(aspects.map((a) => a.keywords.map(foldForAspects)));
const rows = await readJsonl<{ text: string; aspect: string }>(devFile);

let hits = 0;
let labelled = 0;
let withExtra = 0;
for (const row of rows) {
  const tags = [...index.count(foldForAspects(row.text)).keys()].map((list) => aspects[list].aspect);
  if (row.aspect !== 'none') {
    labelled++;
    if (tags.includes(row.aspect)) hits++;
    else if (!quiet) console.log(`MISS  [${row.aspect}] ${row.text}   (tags: ${tags.join(',') || '-'})`);
  }
  const extra = tags.filter((tag) => tag !== row.aspect);
  if (extra.length > 0) {
    withExtra++;
    if (!quiet) console.log(`EXTRA [${row.aspect}] ${row.text}   (extra: ${extra.join(',')})`);
  }
}
console.log(`recall ${hits}/${labelled} = ${((100 * hits) / labelled).toFixed(1)} %; texts with extra tags ${withExtra}/${rows.length}`);
