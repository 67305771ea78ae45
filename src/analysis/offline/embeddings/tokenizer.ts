/**
 * SentencePiece-style unigram tokenizer for Universal Sentence Encoder lite, after the
 * tokenizer in tensorflow/tfjs-models (Apache-2.0): Viterbi segmentation over the vocabulary's
 * log-probabilities, unknown characters map to id 0 and consecutive unknowns are merged.
 */

/** One vocabulary entry as stored in `vocab.json`: `[piece, logProbability]`. */
export type VocabularyEntry = [string, number];

const SEPARATOR = '\u2581';
/** The first ids are control symbols (`<unk>`, `<s>`, `</s>`, ...) that never match text. */
const RESERVED_SYMBOLS = 6;
const UNKNOWN_ID = 0;

interface TrieNode {
  children: Map<string, TrieNode>;
  /** Set when a vocabulary piece ends at this node. */
  piece?: { id: number; score: number; length: number };
}

function newNode(): TrieNode {
  return { children: new Map() };
}

export class Tokenizer {
  private readonly root = newNode();

  constructor(vocabulary: readonly VocabularyEntry[]) {
    for (let id = RESERVED_SYMBOLS; id < vocabulary.length; id++) {
      const [piece, score] = vocabulary[id];
      const symbols = Array.from(piece);
      let node = this.root;
      for (const symbol of symbols) {
        let child = node.children.get(symbol);
        if (!child) {
          child = newNode();
          node.children.set(symbol, child);
        }
        node = child;
      }
      node.piece = { id, score, length: symbols.length };
    }
  }

  encode(text: string): number[] {
    const normalized = text.normalize('NFKC');
    if (normalized.length === 0) return [];
    const symbols = Array.from(SEPARATOR + normalized.replace(/ /g, SEPARATOR));
    const n = symbols.length;

    // best[end] = highest total score of a segmentation of symbols[0..end); an unknown symbol
    // costs a large penalty so that known pieces are always preferred.
    const best = new Float64Array(n + 1).fill(-Infinity);
    const bestId = new Int32Array(n + 1);
    const bestLength = new Int32Array(n + 1);
    best[0] = 0;
    const unknownPenalty = -100;

    for (let start = 0; start < n; start++) {
      if (best[start] === -Infinity) continue;
      let node: TrieNode | undefined = this.root;
      let matched = false;
      for (let end = start; end < n && node; end++) {
        node = node.children.get(symbols[end]);
        if (node?.piece) {
          matched = matched || node.piece.length === 1;
          const score = best[start] + node.piece.score;
          if (score > best[end + 1]) {
            best[end + 1] = score;
            bestId[end + 1] = node.piece.id;
            bestLength[end + 1] = node.piece.length;
          }
        }
      }
      if (!matched) {
        const score = best[start] + unknownPenalty;
        if (score > best[start + 1]) {
          best[start + 1] = score;
          bestId[start + 1] = UNKNOWN_ID;
          bestLength[start + 1] = 1;
        }
      }
    }

    const ids: number[] = [];
    for (let end = n; end > 0; end -= bestLength[end]) ids.push(bestId[end]);
    ids.reverse();

    const merged: number[] = [];
    for (const id of ids) {
      if (id === UNKNOWN_ID && merged[merged.length - 1] === UNKNOWN_ID) continue;
      merged.push(id);
    }
    return merged;
  }
}
