import { Duplex } from 'node:stream';

/** Something that answers PostgreSQL wire-protocol messages: PGlite, in this thread or in another. */
export interface WireBackend {
  /** Settles once the backend can answer. */
  readonly ready: Promise<void>;
  /** Runs the messages in `request` (one or more, in order) and resolves to every answer they produced. */
  exchange(request: Uint8Array): Promise<Uint8Array>;
}

/**
 * The socket `pg` talks through when its server is a `WireBackend`. What `pg` writes in one go (a
 * query's parse, bind, describe, execute and sync) reaches the backend as one request, and the answers
 * come back as a server's would, so `pg` parses them as it parses a server's.
 */
export class WireStream extends Duplex {
  private pending: Buffer[] = [];
  private sendScheduled = false;
  private exchanges: Promise<void> = Promise.resolve();

  constructor(private readonly backend: WireBackend) {
    super();
  }

  connect(): this {
    this.backend.ready.then(
      () => this.emit('connect'),
      (error: Error) => this.destroy(error),
    );
    return this;
  }

  // What `pg` calls on a TCP socket: nothing to do here.
  setNoDelay(): this {
    return this;
  }
  setKeepAlive(): this {
    return this;
  }
  ref(): this {
    return this;
  }
  unref(): this {
    return this;
  }

  override _read(): void {}

  override _write(chunk: Buffer, _encoding: BufferEncoding, done: (error?: Error | null) => void): void {
    this.pending.push(chunk);
    if (!this.sendScheduled) {
      this.sendScheduled = true;
      queueMicrotask(() => this.send());
    }
    done();
  }

  override _final(done: (error?: Error | null) => void): void {
    this.send();
    this.exchanges.then(() => {
      this.push(null);
      done();
    }, done);
  }

  private send(): void {
    this.sendScheduled = false;
    if (this.pending.length === 0) return;
    const request = this.pending.length === 1 ? this.pending[0] : Buffer.concat(this.pending);
    this.pending = [];
    this.exchanges = this.exchanges
      .then(() => this.backend.exchange(request))
      .then(
        (answer) => {
          if (answer.byteLength > 0) this.push(Buffer.from(answer.buffer, answer.byteOffset, answer.byteLength));
        },
        (error: Error) => {
          this.destroy(error);
        },
      );
  }
}
