import { expect } from 'chai';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');
const scripts: Record<string, string> = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')).scripts;

/** The folders a script's mocha globs cover: `"test/e2e/**\/*.test.ts"` gives `test/e2e/`. */
function foldersOf(script: string): string[] {
  const mocha = script.slice(script.indexOf('mocha '));
  return [...mocha.matchAll(/"(test\/[\w-]+\/)\*\*\/\*\.test\.ts"/g)].map((match) => match[1]);
}

function testFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.test.ts'))
    .map((file) => `${dir}/${file.split(path.sep).join('/')}`);
}

const OPTS_IN = /analyzer: 'offline'/;

describe('the split of the suite between npm test and npm run test:full', () => {
  const fast = foldersOf(scripts.test);
  const full = foldersOf(scripts['test:full']);

  it('runs every test file in exactly one of the two commands', () => {
    expect(fast).to.include.members(['test/unit/', 'test/integration/', 'test/e2e/']);
    expect(full).to.include.members(['test/e2e-models/', 'test/cli-processes/']);
    const files = testFiles('test');
    expect(files.length).to.be.above(100);
    for (const file of files) {
      const runs = [...fast, ...full].filter((folder) => file.startsWith(folder));
      expect(runs, `${file} runs once`).to.have.length(1);
    }
  });

  it('runs the PostgreSQL pass in test:full, over both e2e folders', () => {
    expect(scripts['test:full']).to.include('npm run test:e2e:postgres');
    expect(foldersOf(scripts['test:e2e:postgres'])).to.have.members(['test/e2e/', 'test/e2e-models/']);
  });

  it('keeps the e2e suites on the real offline models in test/e2e-models, and only those', () => {
    const models = testFiles('test/e2e-models');
    expect(models).to.not.be.empty;
    for (const file of models) expect(readFileSync(path.join(ROOT, file), 'utf8'), `${file} opts in`).to.match(OPTS_IN);
    for (const file of testFiles('test/e2e')) expect(readFileSync(path.join(ROOT, file), 'utf8'), `${file} belongs in test/e2e-models`).to.not.match(OPTS_IN);
  });
});
