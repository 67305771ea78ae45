import type { Logger } from '../logger.js';
import type { Runtime } from '../runtime.js';
import { MAX_REQUEST_LENGTH, parseAdminRequest, refusal } from './admin-protocol.js';
import { adminSocketPath } from './admin-socket-path.js';
import { listenForLines, type LineSocketServer } from './line-socket-server.js';
import { runAdminCommand } from './run-admin-command.js';

const IDLE_TIMEOUT_MS = 30_000;

/**
 * Lets feedbackctl run commands while the service holds the embedded data directory: a Unix
 * socket in that directory, owner-only. Undefined when there is nothing to hold (PostgreSQL
 * serves many processes, so the CLI connects itself) or the socket cannot be had; the service
 * runs on without it and the CLI then asks to stop the service.
 */
export async function startAdminChannel(runtime: Runtime, logger: Logger): Promise<LineSocketServer | undefined> {
  const { databaseUrl, dataDir } = runtime.config;
  if (databaseUrl || dataDir.startsWith('memory://')) return undefined;
  const socketPath = adminSocketPath(dataDir);
  if (!socketPath) {
    logger.warn({ dataDir }, 'admin channel off: the data directory path is too long for a Unix socket; feedbackctl needs the service stopped');
    return undefined;
  }
  try {
    const channel = await listenForLines({
      socketPath,
      maxLineLength: MAX_REQUEST_LENGTH,
      idleTimeoutMs: IDLE_TIMEOUT_MS,
      logger,
      answer: async (line, notice) => {
        const request = parseAdminRequest(line);
        const progress = (text: string) => notice(JSON.stringify({ progress: text }));
        const answer = 'argv' in request ? await runAdminCommand(runtime, request.argv, logger, progress) : request;
        return JSON.stringify(answer);
      },
      tooLong: () => JSON.stringify(refusal('bad-request', `request longer than ${MAX_REQUEST_LENGTH} characters`)),
      failed: () => JSON.stringify(refusal('failed', 'the service could not run the command; see its log')),
    });
    logger.info({ socket: socketPath }, 'admin channel listening');
    return channel;
  } catch (error) {
    logger.warn({ err: error, socket: socketPath }, 'admin channel off: feedbackctl needs the service stopped');
    return undefined;
  }
}
