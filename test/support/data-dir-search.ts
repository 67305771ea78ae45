import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Files under `dir` whose bytes contain `needle` (UTF-8), as paths relative to `dir`. */
export function filesContaining(dir: string, needle: string): string[] {
  const bytes = Buffer.from(needle, 'utf8');
  const hits: string[] = [];
  const walk = (at: string) => {
    for (const name of readdirSync(at)) {
      const path = join(at, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (readFileSync(path).includes(bytes)) hits.push(path.slice(dir.length + 1));
    }
  };
  walk(dir);
  return hits;
}

export const randomLetters = (n: number) => Array.from({ length: n }, () => 'abcdefghijklmnopqrstuvwxyz'[Math.floor(Math.random() * 26)]).join('');

/** A value no other test writes, so a byte search finds it only where this test left it. */
export const marker = (kind: string) => `zqx${kind}${randomLetters(16)}`;
