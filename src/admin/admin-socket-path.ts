import path from 'node:path';

/** Unix socket paths are limited (104 bytes with the terminator on macOS, 108 on Linux); longer ones get truncated. */
const MAX_SOCKET_PATH_BYTES = 103;

/** Where the running service listens for feedbackctl: inside the data directory it holds. Undefined when the path is too long. */
export function adminSocketPath(dataDir: string): string | undefined {
  const socketPath = path.resolve(dataDir, 'admin.sock');
  return Buffer.byteLength(socketPath) <= MAX_SOCKET_PATH_BYTES ? socketPath : undefined;
}
