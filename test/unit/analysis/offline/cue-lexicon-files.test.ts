import { expect } from 'chai';
import { CONSTRUCTION_CUES, CUE_LEXICONS, lexiconFromFile } from '../../../../src/analysis/offline/multilingual/cue-lexicons.js';
import { CUE_KINDS } from '../../../../src/analysis/offline/multilingual/cue-lexicon.js';
import { CONSTRUCTION_KINDS } from '../../../../src/analysis/offline/multilingual/construction-cues.js';
import { countCues, lexiconFor } from '../../../../src/analysis/offline/multilingual/cue-matcher.js';

const everyKind = (kinds: readonly string[], list: unknown[]): Record<string, unknown> => Object.fromEntries(kinds.map((kind) => [kind, list]));
const aFile = (list: unknown[] = ['a']): Record<string, unknown> => ({ ...everyKind(CUE_KINDS, list), constructions: everyKind(CONSTRUCTION_KINDS, ['b']) });

describe('cue lexicon files (the multilingual cues as data)', () => {
  it('reads a run of entries wrapped with its note as the entries alone, in the order written', () => {
    const { lexicon, constructions } = lexiconFromFile('xx', {
      ...aFile(),
      positive: ['genial', { about: 'informal praise', entries: ['mola_', 'guay'] }, 'util'],
    });
    expect(lexicon.positive).to.deep.equal(['genial', 'mola_', 'guay', 'util']);
    expect(lexicon.gratitude).to.deep.equal(['a']);
    expect(constructions.negators).to.deep.equal(['b']);
  });

  it('refuses a file that lacks a kind of cue, naming the language and the kind', () => {
    const { gratitude: _dropped, ...withoutThanks } = aFile();
    expect(() => lexiconFromFile('xx', withoutThanks)).to.throw(/cue lexicon xx: no list of gratitude cues/);
    expect(() => lexiconFromFile('xx', { ...aFile(), constructions: undefined })).to.throw(/cue lexicon xx\.constructions: no list of removal cues/);
  });

  it('refuses an entry that is neither a string nor a note with entries', () => {
    expect(() => lexiconFromFile('xx', aFile(['a', { about: 'no entries' }]))).to.throw(/xx\.positive: an entry is neither/);
    expect(() => lexiconFromFile('xx', aFile([7]))).to.throw(/xx\.positive: an entry is neither/);
  });

  it('loads every language the analyzer reads with cues, with its construction cues', () => {
    const languages = ['de', 'es', 'fr', 'it', 'ja', 'nl', 'pt', 'ru', 'tr', 'zh'];
    expect(Object.keys(CUE_LEXICONS).sort()).to.deep.equal(languages);
    expect(Object.keys(CONSTRUCTION_CUES).sort()).to.deep.equal(languages);
    for (const [language, lexicon] of Object.entries(CUE_LEXICONS)) expect(lexicon.positive, language).to.not.be.empty;
    expect(CONSTRUCTION_CUES.es.negators).to.include('no');
  });
});

describe('the Turkish lexicon', () => {
  it('reads "iyi" on its own as praise, but not "iyi degil" (not good) nor a longer word', () => {
    const tr = lexiconFor('tr')!;
    expect(countCues(tr, 'uygulama iyi').positive).to.equal(1);
    expect(countCues(tr, 'uygulama iyi degil').positive).to.equal(0);
    expect(countCues(tr, 'iyilestirme lazim').positive).to.equal(0);
  });
});
