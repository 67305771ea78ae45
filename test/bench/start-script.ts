import fs from 'node:fs';

export interface StartScript {
  /** The `NAME=value` assignments in front of `node`. */
  env: Record<string, string>;
  /** The options given to `node` itself, before the script (e.g. V8's heap settings). */
  nodeArgs: string[];
}

/** How package.json's start script runs `node`, so that a bench runs the service the same way. */
export function startScript(): StartScript {
  const script = (JSON.parse(fs.readFileSync('package.json', 'utf8')) as { scripts: { start: string } }).scripts.start;
  const words = script.split('&&').at(-1)!.trim().split(/\s+/);
  const node = words.indexOf('node');
  const env = Object.fromEntries(
    words.slice(0, node).flatMap((word) => (/^[A-Z_]+=/.test(word) ? [[word.slice(0, word.indexOf('=')), word.slice(word.indexOf('=') + 1)]] : [])),
  );
  const nodeArgs = [];
  for (const word of words.slice(node + 1)) {
    if (!word.startsWith('-')) break;
    nodeArgs.push(word);
  }
  return { env, nodeArgs };
}
