import path from 'node:path';

/** A running service writes the file itself: the path must not depend on the CLI's working directory. */
export function exportArgsForServer(args: string[]): string[] {
  return args.map((arg, index) => {
    if (args[index - 1] === '--out') return path.resolve(arg);
    return arg.startsWith('--out=') ? `--out=${path.resolve(arg.slice(6))}` : arg;
  });
}
