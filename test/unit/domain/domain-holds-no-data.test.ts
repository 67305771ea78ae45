import { expect } from 'chai';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// The domain holds rules, not data: keyword lists, lexicons, fitted statistics and model weights live in
// resources/ (loaded by src/resources), labelled sets in test/fixtures.

const DOMAIN = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../src/domain');
/** A word list written into the code: this many plain lower-case words in one string, or string elements in one array. */
const LIST_SIZE = 20;

function filesUnder(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(path.join(folder, entry.name)) : [path.relative(DOMAIN, path.join(folder, entry.name))],
  );
}

/** The code without comments (whose prose would read as words). */
const withoutComments = (code: string) => code.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');

/** Word lists in `code`: long runs of plain lower-case words in a string, or long arrays of strings. */
function wordListsIn(code: string): string[] {
  const plain = withoutComments(code);
  const strings = [...plain.matchAll(/'([^'\\\n]*)'|"([^"\\\n]*)"|`([^`\\]*)`/g)].map((match) => match[1] ?? match[2] ?? match[3]);
  const wordRuns = strings.filter((text) => /^[\p{Ll}' \n]+$/u.test(text) && text.split(/\s+/).filter(Boolean).length >= LIST_SIZE);
  const stringArrays = [...plain.matchAll(new RegExp(`\\[(?:\\s*(?:'[^'\\n]*'|"[^"\\n]*")\\s*,){${LIST_SIZE - 1},}`, 'g'))].map((match) => match[0]);
  return [...wordRuns, ...stringArrays];
}

describe('src/domain holds no data', () => {
  const files = filesUnder(DOMAIN);

  it('has TypeScript files only: no JSON, JSON lines or other data files', () => {
    expect(files.filter((file) => !file.endsWith('.ts'))).to.deep.equal([]);
  });

  it('writes no word list into its code', () => {
    const withLists = files.filter((file) => file.endsWith('.ts') && wordListsIn(readFileSync(path.join(DOMAIN, file), 'utf8')).length > 0);
    expect(withLists).to.deep.equal([]);
  });

  it('recognises a word list as a string of words or an array of strings, and leaves prose and short sets alone', () => {
    const words = Array.from({ length: LIST_SIZE }, (_, i) => `word${'abcdefghijklmnopqrstuvwxyz'[i]}`);
    expect(wordListsIn(`const W = new Set('${words.join(' ')}'.split(' '));`)).to.have.length(1);
    expect(wordListsIn(`const W = \`\n${words.join('\n')}\n\`;`)).to.have.length(1);
    expect(wordListsIn(`const W = [${words.map((w) => `'${w}'`).join(', ')}];`)).to.have.length(1);
    expect(wordListsIn(`const W = new Set(['admin', 'billing', 'support']);`)).to.deep.equal([]);
    expect(wordListsIn(`throw new Error('Two user ids share one user stream (a hash collision); nothing was written.');`)).to.deep.equal([]);
    expect(wordListsIn(`/* ${words.join(' ')} */ const x = 1;`)).to.deep.equal([]);
  });
});
