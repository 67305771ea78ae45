import { protocol, type PGlite } from '@electric-sql/pglite';
import type { WireBackend } from './wire-stream.js';

/** A startup message: the first message of a session, the only one without a type byte. */
const isStartup = (request: Uint8Array) => request[0] === 0;

const ROLLBACK = protocol.serialize.query('ROLLBACK');

/**
 * PGlite in this thread as a `WireBackend`. Its answers are collected as PGlite writes them
 * (`execProtocolRawStream`): `execProtocolRaw` would also parse each answer into a list that only PGlite's
 * own query methods empty, which nothing here calls, so it would grow for the database's life.
 * PGlite has one session: a connection that ended inside a transaction would hand it to the next one,
 * so a new session starts by rolling it back.
 */
export function pgliteBackend(lite: PGlite): WireBackend {
  const run = async (request: Uint8Array): Promise<Uint8Array> => {
    const chunks: Uint8Array[] = [];
    // The chunk is a view of PGlite's memory, overwritten by what it writes next: keep a copy.
    await lite.execProtocolRawStream(request, { onRawData: (chunk) => chunks.push(chunk.slice()) });
    return chunks.length === 1 ? chunks[0] : Buffer.concat(chunks);
  };
  return {
    ready: lite.waitReady,
    async exchange(request) {
      if (isStartup(request) && lite.isInTransaction()) await run(ROLLBACK);
      return run(request);
    },
  };
}
