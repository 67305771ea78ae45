import fs from 'node:fs';

/** The `NAME=value` assignments in front of `node` in package.json's start script. */
export function startScriptEnvironment(): Record<string, string> {
  const script = (JSON.parse(fs.readFileSync('package.json', 'utf8')) as { scripts: { start: string } }).scripts.start;
  const command = script.split('&&').at(-1)!.trim();
  return Object.fromEntries([...command.matchAll(/(?:^|\s)([A-Z_]+)=(\S+)(?=\s)/g)].map((m) => [m[1], m[2]]));
}
