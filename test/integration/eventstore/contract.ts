/**
 * The behaviour every EventStore adapter must have. Each adapter's test file calls
 * `eventStoreContract` with a factory for a store; the suite uses fresh stream names per test, so
 * it also runs against a store that already holds events (e.g. a long-lived EventStoreDB).
 */
import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import {
  START,
  StreamErasedError,
  WrongExpectedRevisionError,
  comparePositions,
  type EventStore,
  type LogPosition,
  type RecordedEvent,
} from '../../../src/eventstore/event-store.js';

export interface ContractSubject {
  store: EventStore;
  close(): Promise<void>;
}

export async function expectRejection<E extends Error>(promise: Promise<unknown>, errorClass: new (...args: any[]) => E): Promise<E> {
  let outcome: unknown;
  try {
    await promise;
  } catch (error) {
    outcome = error;
  }
  if (outcome === undefined) expect.fail(`expected a ${errorClass.name}, but the call succeeded`);
  if (!(outcome instanceof errorClass)) {
    expect.fail(`expected a ${errorClass.name}, got ${outcome instanceof Error ? `${outcome.name}: ${outcome.message}` : String(outcome)}`);
  }
  return outcome as E;
}

export function eventStoreContract(name: string, factory: () => Promise<ContractSubject>): void {
  describe(`EventStore contract: ${name}`, function () {
    let subject: ContractSubject | undefined;
    let store: EventStore;
    let prefix: string;
    const streamName = (label: string) => `${prefix}-${label}`;

    before(async function () {
      subject = await factory();
      store = subject.store;
      prefix = `contract-${randomUUID().slice(0, 8)}`;
    });

    after(async function () {
      await subject?.close();
    });

    /** Events after `after` in our streams only, reading in pages of `page`. */
    async function readAllOurs(after: LogPosition, page = 100): Promise<RecordedEvent[]> {
      const seen: RecordedEvent[] = [];
      let position = after;
      for (;;) {
        const batch = await store.readAll(position, page);
        if (batch.length === 0) return seen.filter((event) => event.stream.startsWith(`${prefix}-`));
        seen.push(...batch);
        position = batch[batch.length - 1].position;
      }
    }

    describe('append', function () {
      it('appends to a new stream with no_stream and returns the last revision', async function () {
        const stream = streamName('new');
        const first = await store.append(stream, [{ type: 'Opened', data: { n: 1 } }], 'no_stream');
        expect(first.nextRevision).to.equal(0);
        const other = streamName('new-two');
        const two = await store.append(
          other,
          [
            { type: 'Opened', data: { n: 1 } },
            { type: 'Renamed', data: { n: 2 } },
          ],
          'no_stream',
        );
        expect(two.nextRevision).to.equal(1);
        expect(comparePositions(two.position, first.position)).to.equal(1);
      });

      it('rejects a second no_stream append with WrongExpectedRevisionError', async function () {
        const stream = streamName('twice');
        await store.append(stream, [{ type: 'Opened', data: {} }], 'no_stream');
        const error = await expectRejection(store.append(stream, [{ type: 'Opened', data: {} }], 'no_stream'), WrongExpectedRevisionError);
        expect(error.stream).to.equal(stream);
        expect(error.expected).to.equal('no_stream');
        expect(error.actual).to.equal(0);
        expect(await store.readStream(stream)).to.have.length(1);
      });

      it('appends at the exact current revision and rejects a stale one', async function () {
        const stream = streamName('exact');
        await store.append(stream, [{ type: 'A', data: {} }], 'no_stream');
        const second = await store.append(
          stream,
          [
            { type: 'B', data: {} },
            { type: 'C', data: {} },
          ],
          0,
        );
        expect(second.nextRevision).to.equal(2);
        const stale = await expectRejection(store.append(stream, [{ type: 'D', data: {} }], 0), WrongExpectedRevisionError);
        expect(stale.expected).to.equal(0);
        expect(stale.actual).to.equal(2);
        const ahead = await expectRejection(store.append(stream, [{ type: 'D', data: {} }], 5), WrongExpectedRevisionError);
        expect(ahead.actual).to.equal(2);
        const third = await store.append(stream, [{ type: 'D', data: {} }], 2);
        expect(third.nextRevision).to.equal(3);
        expect((await store.readStream(stream)).map((e) => e.type)).to.deep.equal(['A', 'B', 'C', 'D']);
      });

      it('rejects an exact revision on a stream that does not exist', async function () {
        const stream = streamName('missing-exact');
        const error = await expectRejection(store.append(stream, [{ type: 'A', data: {} }], 0), WrongExpectedRevisionError);
        expect(error.actual).to.equal('no_stream');
        expect(await store.readStream(stream)).to.deep.equal([]);
      });

      it('appends with any to a new and to an existing stream', async function () {
        const stream = streamName('any');
        expect((await store.append(stream, [{ type: 'A', data: {} }], 'any')).nextRevision).to.equal(0);
        expect((await store.append(stream, [{ type: 'B', data: {} }], 'any')).nextRevision).to.equal(1);
        expect((await store.append(stream, [{ type: 'C', data: {} }], 'any')).nextRevision).to.equal(2);
      });

      it('notifies onAppended listeners after an append, until unsubscribed', async function () {
        let calls = 0;
        const unsubscribe = store.onAppended(() => (calls += 1));
        await store.append(streamName('notify'), [{ type: 'A', data: {} }], 'no_stream');
        expect(calls).to.be.greaterThan(0);
        unsubscribe();
        const before = calls;
        await store.append(streamName('notify'), [{ type: 'B', data: {} }], 0);
        expect(calls).to.equal(before);
      });
    });

    describe('readStream', function () {
      it('returns the events in revision order with their data', async function () {
        const stream = streamName('read');
        await store.append(stream, [{ type: 'A', data: { i: 0 } }], 'no_stream');
        await store.append(
          stream,
          [
            { type: 'B', data: { i: 1 } },
            { type: 'C', data: { i: 2, nested: { list: [1, 'two', null] } } },
          ],
          0,
        );
        await store.append(stream, [{ type: 'D', data: { i: 3 } }], 2);
        const events = await store.readStream(stream);
        expect(events.map((e) => e.revision)).to.deep.equal([0, 1, 2, 3]);
        expect(events.map((e) => e.type)).to.deep.equal(['A', 'B', 'C', 'D']);
        expect(events.map((e) => e.stream)).to.deep.equal([stream, stream, stream, stream]);
        expect(events[2].data).to.deep.equal({ i: 2, nested: { list: [1, 'two', null] } });
        expect(new Set(events.map((e) => e.id)).size).to.equal(4);
        for (const event of events) expect(event.recordedAt).to.be.instanceOf(Date);
        for (let i = 1; i < events.length; i += 1) {
          expect(comparePositions(events[i].position, events[i - 1].position)).to.equal(1);
        }
      });

      it('returns [] for a stream that does not exist', async function () {
        expect(await store.readStream(streamName('never-written'))).to.deep.equal([]);
      });
    });

    describe('readAll', function () {
      it('returns events in global order after a position, exclusive, at most `limit`', async function () {
        const marker = await store.append(streamName('all-marker'), [{ type: 'Marker', data: {} }], 'no_stream');
        const x = streamName('all-x');
        const y = streamName('all-y');
        await store.append(x, [{ type: 'X0', data: {} }], 'no_stream');
        await store.append(
          y,
          [
            { type: 'Y0', data: {} },
            { type: 'Y1', data: {} },
          ],
          'no_stream',
        );
        await store.append(x, [{ type: 'X1', data: {} }], 0);
        await store.append(y, [{ type: 'Y2', data: {} }], 1);

        const ours = (await readAllOurs(marker.position)).filter((e) => e.stream === x || e.stream === y);
        expect(ours.map((e) => e.type)).to.deep.equal(['X0', 'Y0', 'Y1', 'X1', 'Y2']);
        expect(ours.map((e) => e.revision)).to.deep.equal([0, 0, 1, 1, 2]);

        // Exclusive of `after`, and `limit` is honoured (nothing else writes between these events).
        const afterX0 = await store.readAll(ours[0].position, 2);
        expect(afterX0.map((e) => e.type)).to.deep.equal(['Y0', 'Y1']);
        const afterY1 = await store.readAll(ours[2].position, 1);
        expect(afterY1.map((e) => e.type)).to.deep.equal(['X1']);
        const same = await store.readAll(ours[2].position, 10);
        expect(same.map((e) => e.id).slice(0, 2)).to.deep.equal([ours[3].id, ours[4].id]);
        expect(same.map((e) => e.id)).not.to.include(ours[2].id);
        expect(await store.readAll(ours[4].position, 0)).to.deep.equal([]);
      });

      it('reads from START in pages whose positions strictly increase', async function () {
        const stream = streamName('positions');
        const results = [];
        for (let i = 0; i < 5; i += 1) {
          results.push(await store.append(stream, [{ type: 'P', data: { i } }], i === 0 ? 'no_stream' : i - 1));
        }
        for (let i = 1; i < results.length; i += 1) {
          expect(comparePositions(results[i].position, results[i - 1].position)).to.equal(1);
        }
        let position = START;
        let previous: LogPosition | undefined;
        const mine: RecordedEvent[] = [];
        for (;;) {
          const batch = await store.readAll(position, 7);
          expect(batch.length).to.be.at.most(7);
          if (batch.length === 0) break;
          for (const event of batch) {
            if (previous) expect(comparePositions(event.position, previous)).to.equal(1);
            previous = event.position;
            if (event.stream === stream) mine.push(event);
          }
          position = batch[batch.length - 1].position;
        }
        expect(mine.map((e) => e.data.i)).to.deep.equal([0, 1, 2, 3, 4]);
        expect(comparePositions(results[4].position, mine[4].position)).to.equal(0);
      });
    });

    describe('erase', function () {
      it('removes the events from readStream and readAll, and later appends throw StreamErasedError', async function () {
        const marker = await store.append(streamName('erase-marker'), [{ type: 'Marker', data: {} }], 'no_stream');
        const victim = streamName('erase-victim');
        const bystander = streamName('erase-bystander');
        await store.append(victim, [{ type: 'Personal', data: { email: 'someone@example.com' } }], 'no_stream');
        await store.append(bystander, [{ type: 'Kept', data: {} }], 'no_stream');
        await store.append(victim, [{ type: 'Personal', data: { phone: '+1 555 0100' } }], 0);
        expect(await store.readStream(victim)).to.have.length(2);

        await store.erase(victim);

        expect(await store.readStream(victim)).to.deep.equal([]);
        const after = await readAllOurs(marker.position);
        expect(after.filter((e) => e.stream === victim)).to.deep.equal([]);
        expect(after.filter((e) => e.stream === bystander).map((e) => e.type)).to.deep.equal(['Kept']);
        const fromStart = await readAllOurs(START, 500);
        expect(fromStart.filter((e) => e.stream === victim)).to.deep.equal([]);

        for (const expected of ['any', 'no_stream', 1] as const) {
          const error = await expectRejection(store.append(victim, [{ type: 'Again', data: {} }], expected), StreamErasedError);
          expect(error.stream).to.equal(victim);
        }
        expect(await store.readStream(victim)).to.deep.equal([]);
        await store.erase(victim); // erasing twice is harmless
        expect(await store.readStream(bystander)).to.have.length(1);
      });

      it('eraseStreams erases several streams at once (some already erased or unknown) and leaves the others', async function () {
        const marker = await store.append(streamName('erase-many-marker'), [{ type: 'Marker', data: {} }], 'no_stream');
        const victims = [streamName('erase-many-a'), streamName('erase-many-b'), streamName('erase-many-c')];
        const bystander = streamName('erase-many-bystander');
        for (const victim of victims) await store.append(victim, [{ type: 'Personal', data: { name: victim } }], 'no_stream');
        await store.append(bystander, [{ type: 'Kept', data: {} }], 'no_stream');
        await store.erase(victims[0]);

        await store.eraseStreams([...victims, streamName('erase-many-never-written')]);

        const after = await readAllOurs(marker.position);
        expect(after.map((e) => e.stream)).to.deep.equal([bystander]);
        for (const victim of victims) {
          expect(await store.readStream(victim)).to.deep.equal([]);
          await expectRejection(store.append(victim, [{ type: 'Again', data: {} }], 'any'), StreamErasedError);
        }
      });
    });

    describe('metadata', function () {
      it('round-trips metadata through readStream and readAll; missing metadata reads as {}', async function () {
        const marker = await store.append(streamName('meta-marker'), [{ type: 'Marker', data: {} }], 'no_stream');
        const stream = streamName('meta');
        const metadata = {
          correlationId: randomUUID(),
          causationId: randomUUID(),
          actor: { kind: 'api-key' as const, keyId: 'key_1', keyType: 'secret' as const },
        };
        await store.append(
          stream,
          [
            { type: 'WithMeta', data: { a: 1 }, metadata },
            { type: 'WithoutMeta', data: { b: 2 } },
          ],
          'no_stream',
        );
        const [withMeta, withoutMeta] = await store.readStream(stream);
        expect(withMeta.metadata).to.deep.equal(metadata);
        expect(withMeta.data).to.deep.equal({ a: 1 });
        expect(withoutMeta.metadata).to.deep.equal({});
        const fromLog = (await readAllOurs(marker.position)).filter((e) => e.stream === stream);
        expect(fromLog.map((e) => e.metadata)).to.deep.equal([metadata, {}]);
        expect(fromLog.map((e) => e.id)).to.deep.equal([withMeta.id, withoutMeta.id]);
      });
    });
  });
}
