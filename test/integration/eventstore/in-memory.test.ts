import { expect } from 'chai';
import { WrongExpectedRevisionError } from '../../../src/eventstore/event-store.js';
import { InMemoryEventStore } from '../../../src/eventstore/in-memory-event-store.js';
import { UnstorableEventError } from '../../../src/eventstore/postgres-append.js';
import { MutableClock } from '../../support/mutable-clock.js';
import { eventStoreContract, expectRejection } from './contract.js';

eventStoreContract('InMemoryEventStore', async () => {
  const store = new InMemoryEventStore();
  return { store, close: () => store.close() };
});

describe('InMemoryEventStore, beyond the contract', function () {
  it('keeps copies: changing what was appended or what was read does not change the log', async function () {
    const store = new InMemoryEventStore();
    const data = { tags: ['a'] };
    await store.append('s', [{ type: 'A', data }], 'no_stream');
    data.tags.push('changed after append');
    const [read] = await store.readStream('s');
    (read.data.tags as string[]).push('changed after read');
    read.position.prepare = 999n;
    const [again] = await store.readStream('s');
    expect(again.data).to.deep.equal({ tags: ['a'] });
    expect(again.position.prepare).to.not.equal(999n);
  });

  it('refuses what PostgreSQL cannot store, as the PostgreSQL adapter does, and reads data back as jsonb would', async function () {
    const store = new InMemoryEventStore();
    await expectRejection(store.append('s', [{ type: 'A', data: { text: 'nul \u0000' } }], 'no_stream'), UnstorableEventError);
    expect(await store.readStream('s')).to.deep.equal([]);
    await store.append('s', [{ type: 'A', data: { kept: 1, dropped: undefined } }], 'no_stream');
    expect((await store.readStream('s'))[0].data).to.deep.equal({ kept: 1 });
  });

  it('stamps recordedAt from the injected clock', async function () {
    const clock = new MutableClock(new Date('2026-01-02T03:04:05.000Z'));
    const store = new InMemoryEventStore(clock);
    await store.append('s', [{ type: 'A', data: {} }], 'no_stream');
    expect((await store.readStream('s'))[0].recordedAt.toISOString()).to.equal('2026-01-02T03:04:05.000Z');
  });

  it('of concurrent appends with the same expected revision exactly one succeeds', async function () {
    const store = new InMemoryEventStore();
    await store.append('s', [{ type: 'Seed', data: {} }], 'no_stream');
    const outcomes = await Promise.allSettled(Array.from({ length: 8 }, (_, i) => store.append('s', [{ type: 'Attempt', data: { i } }], 0)));
    expect(outcomes.filter((o) => o.status === 'fulfilled')).to.have.length(1);
    for (const outcome of outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected')) {
      expect(outcome.reason).to.be.instanceOf(WrongExpectedRevisionError);
    }
    expect(await store.countAll()).to.equal(2);
  });

  it('counts only what is left after an erase', async function () {
    const store = new InMemoryEventStore();
    await store.append(
      'victim',
      [
        { type: 'A', data: {} },
        { type: 'B', data: {} },
      ],
      'no_stream',
    );
    await store.append('bystander', [{ type: 'C', data: {} }], 'no_stream');
    await store.erase('victim');
    expect(await store.countAll()).to.equal(1);
  });
});
