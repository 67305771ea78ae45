import { readFile } from 'node:fs/promises';
import { loadOfflineAnalyzer } from '/work/wt-health/src/analysis/offline/index.js';
const file = process.argv[2];
if (file.includes('held-out-2')) throw new Error('no');
const cases = JSON.parse(await readFile(file, 'utf8'));
const a = await loadOfflineAnalyzer();
for (const c of cases) { const r = await a.analyze(c.text); if (r.churnRisk !== c.churnRisk) console.log(`[${c.id}] ${c.language} exp ${c.churnRisk} (${r.sentiment}/${r.type}): ${c.text}${c.note ? '  NOTE: ' + c.note : ''}`); }
