import net from 'node:net';
import { isAdminAnswer, isAdminProgress, type AdminAnswer } from './admin-protocol.js';

/** Nobody listens: no socket file, or one a stopped service left behind. */
const NOBODY_LISTENS = new Set(['ENOENT', 'ECONNREFUSED', 'ENOTSOCK']);

export class AdminChannelError extends Error {}

/**
 * Sends one command line to the service listening on `socketPath` and resolves its answer;
 * resolves undefined when no service listens there.
 */
export function askRunningService(socketPath: string, argv: string[], onProgress?: (line: string) => void): Promise<AdminAnswer | undefined> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(socketPath);
    let connected = false;
    let received = '';
    socket.setEncoding('utf8');
    socket.once('connect', () => {
      connected = true;
      socket.write(JSON.stringify({ argv }) + '\n');
    });
    socket.on('data', (chunk: string) => {
      received += chunk;
      for (let newline = received.indexOf('\n'); newline >= 0; newline = received.indexOf('\n')) {
        const line = received.slice(0, newline);
        received = received.slice(newline + 1);
        let answer: unknown;
        try {
          answer = JSON.parse(line);
        } catch {
          answer = undefined;
        }
        if (isAdminProgress(answer)) {
          onProgress?.(answer.progress);
          continue;
        }
        socket.destroy();
        if (isAdminAnswer(answer)) resolve(answer);
        else reject(new AdminChannelError(`the service answered on ${socketPath} with something that is not an answer`));
        return;
      }
    });
    socket.once('error', (error: NodeJS.ErrnoException) => {
      if (!connected && NOBODY_LISTENS.has(error.code ?? '')) resolve(undefined);
      else reject(new AdminChannelError(`the admin channel ${socketPath} failed: ${error.message}`));
    });
    socket.once('close', () =>
      reject(new AdminChannelError(`the service closed the admin channel ${socketPath} without answering; the command may or may not have run`)),
    );
  });
}
