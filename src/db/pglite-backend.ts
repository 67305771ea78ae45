import type { PGlite } from '@electric-sql/pglite';
import type { WireBackend } from './wire-stream.js';

/** A startup message: the first message of a session, the only one without a type byte. */
const isStartup = (request: Uint8Array) => request[0] === 0;

/**
 * PGlite in this thread as a `WireBackend`. PGlite has one session: a connection that ended inside a
 * transaction would hand it to the next one, so a new session starts by rolling it back.
 */
export function pgliteBackend(lite: PGlite): WireBackend {
  return {
    ready: lite.waitReady,
    async exchange(request) {
      if (isStartup(request) && lite.isInTransaction()) await lite.exec('ROLLBACK');
      return lite.execProtocolRaw(request);
    },
  };
}
