import { spawn, type ChildProcess } from 'node:child_process';
import readline from 'node:readline';

/** Starts a TypeScript script in its own process and resolves with the JSON line it prints first. */
export async function startChild<T>(
  script: string,
  env: Record<string, string> = {},
  nodeArgs: string[] = [],
): Promise<{ info: T; child: ChildProcess; stop(): Promise<void> }> {
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', script], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  const lines = readline.createInterface({ input: child.stdout! });
  const info = await new Promise<T>((resolve, reject) => {
    lines.once('line', (line) => resolve(JSON.parse(line) as T));
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  });
  return {
    info,
    child,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
