import { spawn, type ChildProcess } from 'node:child_process';
import readline from 'node:readline';

/**
 * The built service (`dist/src/main.js`, as `npm start` runs it once built) on a data directory, on a free port;
 * resolves once it logs that it listens. `env` adds to this process's environment (e.g. the start script's).
 */
export async function startBuiltService(
  dataDir: string,
  env: Record<string, string>,
  nodeArgs: string[] = [],
): Promise<{ child: ChildProcess; url: string; startedAt: number }> {
  const startedAt = performance.now();
  const child = spawn(process.execPath, [...nodeArgs, 'dist/src/main.js'], {
    env: { ...process.env, ...env, DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'info', NO_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = readline.createInterface({ input: child.stdout! });
  const port = await new Promise<number>((resolve, reject) => {
    lines.on('line', (line) => {
      const entry = JSON.parse(line) as { msg?: string; port?: number };
      if (entry.msg === 'listening') resolve(entry.port!);
    });
    child.once('exit', (code) => reject(new Error(`the service exited with ${code}`)));
  });
  return { child, url: `http://127.0.0.1:${port}`, startedAt };
}
