import fs from 'node:fs';
import net from 'node:net';
import type { Logger } from '../logger.js';

export interface LineSocketServerOptions {
  socketPath: string;
  /** Longest line accepted; a longer one is answered by `tooLong()` and the connection closed. */
  maxLineLength: number;
  /** A connection that sends nothing for this long is closed. */
  idleTimeoutMs: number;
  /**
   * Answers one line (without its newline) with one line; a throw is answered by `failed()`. Before
   * it, `notice` may send lines of its own (progress of a long command) on the same connection.
   */
  answer(line: string, notice: (line: string) => void): Promise<string>;
  tooLong(): string;
  failed(): string;
  logger: Logger;
}

export interface LineSocketServer {
  /** Stops accepting, lets running answers finish (up to `graceMs`), closes every connection and removes the socket. */
  close(graceMs?: number): Promise<void>;
}

/** A socket file left by a process that died; only the holder of the data directory may call this. */
function removeStaleSocket(socketPath: string): void {
  let stat: fs.Stats;
  try {
    stat = fs.lstatSync(socketPath);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  if (!stat.isSocket()) throw new Error(`${socketPath} exists and is not a socket`);
  fs.rmSync(socketPath);
}

function listenOwnerOnly(server: net.Server, socketPath: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    // The socket file is created by the synchronous bind inside listen(): with this umask it is
    // never connectable by others, not even for a moment before a chmod.
    const previousUmask = process.umask(0o177);
    try {
      server.listen(socketPath, () => {
        server.off('error', reject);
        resolve();
      });
    } finally {
      process.umask(previousUmask);
    }
  });
}

/**
 * One line in, one line out, over a Unix socket. Whatever a client sends (garbage, endless lines,
 * nothing at all, a disconnect mid-answer) costs the server one answer at most, never a crash.
 */
export async function listenForLines(options: LineSocketServerOptions): Promise<LineSocketServer> {
  const connections = new Set<net.Socket>();
  const running = new Set<Promise<unknown>>();
  const busy = new WeakSet<net.Socket>();

  const answerSafely = async (line: string, notice: (line: string) => void): Promise<string> => {
    try {
      return await options.answer(line, notice);
    } catch (error) {
      options.logger.error({ err: error }, 'admin channel could not answer a request');
      return options.failed();
    }
  };

  const serve = (socket: net.Socket) => {
    connections.add(socket);
    socket.once('close', () => connections.delete(socket));
    socket.on('error', () => {}); // a client that went away is nothing to report
    socket.setEncoding('utf8');
    socket.setTimeout(options.idleTimeoutMs, () => {
      if (!busy.has(socket)) socket.destroy();
    });
    let buffered = '';
    let refusing = false;
    let clientDone = false;

    const refuseTooLong = () => {
      refusing = true;
      buffered = '';
      // What else arrives is dropped; the client gets a moment to read the answer, then the connection goes.
      socket.end(options.tooLong() + '\n');
      setTimeout(() => socket.destroy(), 1000).unref();
    };

    // One line at a time, reading paused meanwhile: a client cannot queue up work or memory.
    const answerBufferedLines = async () => {
      busy.add(socket);
      socket.pause();
      try {
        for (let newline = buffered.indexOf('\n'); newline >= 0 && !refusing && !socket.destroyed; newline = buffered.indexOf('\n')) {
          const line = buffered.slice(0, newline);
          buffered = buffered.slice(newline + 1);
          if (line.length > options.maxLineLength) return refuseTooLong();
          if (line.trim() === '') continue;
          const answering = answerSafely(line, (text) => {
            if (!socket.destroyed) socket.write(text + '\n');
          });
          running.add(answering);
          const answer = await answering.finally(() => running.delete(answering));
          if (!socket.destroyed) socket.write(answer + '\n');
        }
        if (buffered.length > options.maxLineLength) refuseTooLong();
      } finally {
        busy.delete(socket);
        socket.resume();
        if (clientDone && !refusing) socket.end();
      }
    };

    socket.on('data', (chunk: string) => {
      if (refusing) return;
      buffered += chunk;
      if (!busy.has(socket)) void answerBufferedLines();
    });
    // A client may send its last line without a newline and half-close (`printf … | nc -U`); it still gets its answer.
    socket.on('end', () => {
      clientDone = true;
      if (refusing) return;
      if (buffered !== '' && !buffered.endsWith('\n')) buffered += '\n';
      if (!busy.has(socket)) void answerBufferedLines();
    });
  };

  removeStaleSocket(options.socketPath);
  const server = net.createServer({ allowHalfOpen: true }, serve);
  server.maxConnections = 32; // an operator's CLI needs one; beyond this Node closes new connections at once
  await listenOwnerOnly(server, options.socketPath);
  fs.chmodSync(options.socketPath, 0o600);
  server.on('error', (error) => options.logger.error({ err: error }, 'admin channel failed'));

  return {
    async close(graceMs = 10_000) {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of connections) if (!busy.has(socket)) socket.destroy();
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([Promise.allSettled([...running]), new Promise((resolve) => (timer = setTimeout(resolve, graceMs)))]);
      clearTimeout(timer);
      for (const socket of connections) socket.destroy();
      await closed;
      fs.rmSync(options.socketPath, { force: true });
    },
  };
}
