// Recall of one aspect keyword file on a dev set, with the service's matching (folded text: lower case, accents
// removed, ß → ss, curly apostrophes straightened; keywords at word starts, `*` = prefix). Prints each miss and
// each extra tag unless --quiet.
//
//   node src/domain/cluster/aspect-taxonomy/dev-sets/match.mjs src/domain/cluster/aspect-taxonomy/software.json \
//     src/domain/cluster/aspect-taxonomy/dev-sets/round3-b-software.jsonl --quiet
import fs from 'node:fs';
const [file, dev, flag] = process.argv.slice(2);
const fold = (t) =>
  t
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(/[’‘`]/g, "'")
    .replace(/ß/g, 'ss')
    .toLowerCase();
const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const pattern = (k) => (k.endsWith('*') ? escape(k.slice(0, -1)) : `${escape(k)}(?![\\p{L}\\p{N}])`);
const aspects = JSON.parse(fs.readFileSync(file, 'utf8'));
const rx = aspects.map((a) => ({ name: a.aspect, re: new RegExp(`(?<![\\p{L}\\p{N}])(?:${a.keywords.map(fold).map(pattern).join('|')})`, 'u') }));
const rows = fs
  .readFileSync(dev, 'utf8')
  .split('\n')
  .filter((l) => l.trim())
  .map((l) => JSON.parse(l));
let hit = 0,
  total = 0,
  extras = 0;
for (const r of rows) {
  const tags = rx.filter((x) => x.re.test(fold(r.text))).map((x) => x.name);
  if (r.aspect !== 'none') {
    total++;
    if (tags.includes(r.aspect)) hit++;
    else if (flag !== '--quiet') console.log(`MISS  [${r.aspect}] ${r.text}   (tags: ${tags.join(',') || '-'})`);
  }
  const extra = tags.filter((t) => t !== r.aspect);
  if (extra.length) {
    extras++;
    if (flag !== '--quiet') console.log(`EXTRA [${r.aspect}] ${r.text}   (extra: ${extra.join(',')})`);
  }
}
console.log(`recall ${hit}/${total} = ${((100 * hit) / total).toFixed(1)} %; texts with extra tags ${extras}/${rows.length}`);
