import { expect } from 'chai';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const DOMAIN = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../src/domain');

/** Pure computation the platform offers, and pure data (word lists); no I/O. */
const ALLOWED_PACKAGES = new Set(['node:crypto', 'stopword']);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

function importsOf(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  return [...source.matchAll(/^\s*(?:import|export)\b[^'"]*?\bfrom\s+['"]([^'"]+)['"]/gm)].map((match) => match[1]);
}

describe('the domain boundary', () => {
  it('imports nothing outside src/domain (and names no HTTP error)', () => {
    const leaks: string[] = [];
    for (const file of sourceFiles(DOMAIN)) {
      const relative = path.relative(DOMAIN, file).split(path.sep).join('/');
      for (const specifier of importsOf(file)) {
        const inside = specifier.startsWith('.')
          ? !path.relative(DOMAIN, path.resolve(path.dirname(file), specifier)).startsWith('..')
          : ALLOWED_PACKAGES.has(specifier);
        if (!inside) leaks.push(`${relative} imports ${specifier}`);
      }
      if (/\bAppError\b/.test(readFileSync(file, 'utf8'))) leaks.push(`${relative} names AppError`);
    }
    expect(leaks).to.deep.equal([]);
  });
});
