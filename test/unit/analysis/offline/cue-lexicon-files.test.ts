import { expect } from 'chai';
import { CUE_LEXICONS, lexiconFromFile } from '../../../../src/analysis/offline/multilingual/cue-lexicons.js';
import { CUE_KINDS } from '../../../../src/analysis/offline/multilingual/cue-lexicon.js';

const everyKind = (list: unknown[]) => Object.fromEntries(CUE_KINDS.map((kind) => [kind, list]));

describe('cue lexicon files (the multilingual cues as data)', () => {
  it('reads a run of entries wrapped with its note as the entries alone, in the order written', () => {
    const lexicon = lexiconFromFile('xx', {
      ...everyKind(['a']),
      positive: ['genial', { about: 'informal praise', entries: ['mola_', 'guay'] }, 'util'],
    });
    expect(lexicon.positive).to.deep.equal(['genial', 'mola_', 'guay', 'util']);
    expect(lexicon.gratitude).to.deep.equal(['a']);
  });

  it('refuses a file that lacks a kind of cue, naming the language and the kind', () => {
    const { gratitude: _dropped, ...withoutThanks } = everyKind(['a']);
    expect(() => lexiconFromFile('xx', withoutThanks)).to.throw(/cue lexicon xx: no list of gratitude cues/);
  });

  it('refuses an entry that is neither a string nor a note with entries', () => {
    expect(() => lexiconFromFile('xx', everyKind(['a', { about: 'no entries' }]))).to.throw(/xx\.positive: an entry is neither/);
    expect(() => lexiconFromFile('xx', everyKind([7]))).to.throw(/xx\.positive/);
  });

  it('loads every language the analyzer reads with cues, each kind non-empty', () => {
    expect(Object.keys(CUE_LEXICONS).sort()).to.deep.equal(['de', 'es', 'fr', 'it', 'ja', 'nl', 'pt', 'ru', 'tr', 'zh']);
    for (const [language, lexicon] of Object.entries(CUE_LEXICONS))
      for (const kind of CUE_KINDS) expect(lexicon[kind], `${language}.${kind}`).to.not.be.empty;
  });
});
