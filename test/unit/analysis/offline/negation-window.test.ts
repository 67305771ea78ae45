import { expect } from 'chai';
import fc from 'fast-check';
import { countCues, lexiconFor, negationWindowStart, type CompiledLexicon } from '../../../../src/analysis/offline/multilingual/cue-matcher.js';
import { foldText } from '../../../../src/analysis/offline/multilingual/cue-pattern.js';
import { classifyWithCues } from '../../../../src/analysis/offline/multilingual/multilingual-classifier.js';

const lexicon = (language: string): CompiledLexicon => lexiconFor(language)!;

/** Every praise or dissatisfaction cue in the text with the window the negation test reads before it. */
function windows(language: string, folded: string): { index: number; start: number }[] {
  const { patterns } = lexicon(language);
  return [...folded.matchAll(patterns.positive), ...folded.matchAll(patterns.negative)].map((m) => ({
    index: m.index,
    start: negationWindowStart(lexicon(language), folded, m.index),
  }));
}

const HOSTILE: [string, string][] = [
  ['es', 'no bueno '],
  ['es', "'bueno"],
  ['fr', "n'aime pas bon "],
  ['fr', "n'bon "],
  ['it', 'non mi piace '],
  ['ru', 'не хорошо '],
  ['de', 'nicht gut '],
  ['nl', 'niet slecht '],
  ['pt', 'nao gosto bom '],
];

describe('negation window of the cue matcher', () => {
  // Reading the whole text before every cue made a 10,000-character text of cues quadratic.
  it('given a 10,000-character text made of cues, then the negation test reads at most 4 characters per character of text', () => {
    for (const [language, unit] of HOSTILE) {
      const folded = foldText(unit.repeat(Math.ceil(10_000 / unit.length)));
      const found = windows(language, folded);
      expect(found.length, `${language}: ${unit}`).to.be.greaterThan(100);
      const read = found.reduce((sum, w) => sum + (w.index - w.start), 0);
      expect(read, `${language}: ${unit}`).to.be.at.most(4 * folded.length);
    }
  });

  it('given a very long word before a run of cues, then only the cues right after it read it', () => {
    const folded = foldText(`${'x'.repeat(5_000)} ${'bueno '.repeat(1_000)}`);
    const read = windows('es', folded).reduce((sum, w) => sum + (w.index - w.start), 0);
    expect(read).to.be.at.most(3 * 5_001 + 3 * 6 * 1_000);
  });

  // A run of glued negators made every failing start of the expression read to the end of the window.
  it('given a long run of glued negators three words before a cue, then the window takes no more of it than the longest negator', () => {
    const folded = foldText(`${"n'".repeat(5_000)} bon bon bon`);
    const [first, second, third] = windows('fr', folded);
    expect(first.start).to.equal(0);
    expect(second.start).to.equal(0);
    expect(third.index - third.start).to.equal(' bon bon '.length + 'jamais'.length + 1);
  });

  it('given any text, then the window decides as the whole text before the cue did', () => {
    const words = ['no', 'nunca', 'ni', 'bueno', 'malo', 'me', 'gusta', 'genial', "n'", 'pas', 'jamais', 'bon', 'aime', "'", '2', ',', '𝒜', 'x'];
    const text = fc
      .array(fc.tuple(fc.constantFrom(...words), fc.constantFrom(' ', '', '  ')), { maxLength: 12 })
      .map((parts) => parts.map(([w, s]) => w + s).join(''));
    fc.assert(
      fc.property(text, fc.constantFrom('es', 'fr'), (raw, language) => {
        const folded = foldText(raw);
        const { negatedBefore } = lexicon(language);
        for (const { index, start } of windows(language, folded)) {
          expect(negatedBefore!.test(folded.slice(start, index)), `${JSON.stringify(folded)} at ${index}`).to.equal(
            negatedBefore!.test(folded.slice(0, index)),
          );
        }
      }),
      { numRuns: 2_000, seed: 1123 },
    );
  });

  it('given a long text of negated praise, then it is still read as dissatisfaction', () => {
    const text = 'no me gusta, '.repeat(800);
    expect(countCues(lexicon('es'), foldText(text)).negative).to.be.greaterThan(0);
    expect(classifyWithCues(text, 'es')).to.include({ sentiment: 'negative' });
  });
});
