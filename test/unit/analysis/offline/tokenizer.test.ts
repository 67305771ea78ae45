import { expect } from 'chai';
import { Tokenizer, type VocabularyEntry } from '../../../../src/analysis/offline/embeddings/tokenizer.js';

// Six reserved control symbols come first, as in the USE-lite vocabulary.
const vocabulary: VocabularyEntry[] = [
  ['<unk>', 0],
  ['<s>', 0],
  ['</s>', 0],
  ['x1', 0],
  ['x2', 0],
  ['x3', 0],
  ['▁', -2],
  ['▁the', -3],
  ['▁app', -5],
  ['▁ap', -6],
  ['p', -4],
  ['a', -4],
  ['s', -3],
  ['▁crash', -7],
  ['es', -4],
];

describe('USE-lite tokenizer', () => {
  const tokenizer = new Tokenizer(vocabulary);
  const id = (piece: string) => vocabulary.findIndex(([p]) => p === piece);

  it('segments into the most probable pieces', () => {
    expect(tokenizer.encode('the app crashes')).to.deep.equal([id('▁the'), id('▁app'), id('▁crash'), id('es')]);
  });

  it('maps unknown characters to id 0 and merges consecutive unknowns', () => {
    expect(tokenizer.encode('the ZZZ')).to.deep.equal([id('▁the'), id('▁'), 0]);
  });

  it('returns no ids for empty text', () => {
    expect(tokenizer.encode('')).to.deep.equal([]);
  });
});
