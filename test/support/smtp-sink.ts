import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedEmail {
  /** RCPT TO addresses. */
  to: string[];
  from: string;
  raw: string;
  headers: Record<string, string>;
  /** The decoded text/plain and text/html parts. */
  text: string;
  html: string;
}

/**
 * A real SMTP server on 127.0.0.1 (the `smtp-server` package), plain text with AUTH, that records
 * every accepted message. `refuse` makes it refuse the DATA of a message (a 451, as a server that
 * is briefly unable to take mail answers).
 */
export class SmtpSink {
  readonly received: ReceivedEmail[] = [];
  /** Whether to refuse this message (its raw text). */
  refuse: (raw: string) => boolean = () => false;
  readonly user = 'digest';
  readonly password = 'sm7p-pass';
  private readonly server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onAuth: (auth, _session, callback) =>
      auth.username === this.user && auth.password === this.password
        ? callback(null, { user: auth.username })
        : callback(new Error('Invalid username or password')),
    onData: (stream, session, callback) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        if (this.refuse(raw)) {
          callback(Object.assign(new Error('Try again later'), { responseCode: 451 }));
          return;
        }
        this.received.push({
          ...parseMessage(raw),
          raw,
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
        });
        callback();
      });
    },
  });

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return this;
  }

  get url(): string {
    return `smtp://${this.user}:${this.password}@127.0.0.1:${(this.server.server.address() as AddressInfo).port}`;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

/** Headers (unfolded, names lower-cased) and the body of one MIME entity. */
function splitEntity(raw: string): { headers: Record<string, string>; body: string } {
  const at = raw.indexOf('\r\n\r\n');
  const head = at < 0 ? raw : raw.slice(0, at);
  const body = at < 0 ? '' : raw.slice(at + 4);
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body };
}

function decodeBody(body: string, encoding: string | undefined): string {
  if (encoding?.toLowerCase() === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding?.toLowerCase() === 'quoted-printable') {
    const bytes = body.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

/** Enough of MIME for the messages nodemailer writes: a text part, an HTML part, or multipart/alternative of both. */
function parseMessage(raw: string): { headers: Record<string, string>; text: string; html: string } {
  const { headers, body } = splitEntity(raw);
  const out = { headers, text: '', html: '' };
  const boundary = /boundary="?([^";]+)"?/i.exec(headers['content-type'] ?? '')?.[1];
  const parts = boundary ? body.split(`--${boundary}`).slice(1, -1) : [raw];
  for (const part of parts) {
    const entity = boundary ? splitEntity(part.replace(/^\r\n/, '')) : { headers, body };
    const decoded = decodeBody(entity.body.replace(/\r\n$/, ''), entity.headers['content-transfer-encoding']);
    if (/^text\/plain/i.test(entity.headers['content-type'] ?? '')) out.text = decoded;
    if (/^text\/html/i.test(entity.headers['content-type'] ?? '')) out.html = decoded;
  }
  return out;
}
