import { randomUUID } from 'node:crypto';

/** What a client may send as its own request id: short, and safe to echo in a header and a log line. */
const CLIENT_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** The client's X-Request-Id when it is a sane token, otherwise a new one. */
export function requestIdFor(sent: string | undefined): string {
  return sent !== undefined && CLIENT_REQUEST_ID.test(sent) ? sent : randomUUID();
}
