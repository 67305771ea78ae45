import { expect } from 'chai';
import type { Decider } from '../../../src/domain/decider.js';
import { causedBy, systemContext, type CommandContext } from '../../../src/eventstore/command-context.js';
import { handleCommand } from '../../../src/eventstore/command-handler.js';
import type { EventStore } from '../../../src/eventstore/event-store.js';
import { InMemoryEventStore } from '../../../src/eventstore/in-memory-event-store.js';

type Tally = { type: 'Counted'; data: { n: number } };
const tally: Decider<number, { times: number }, Tally> = {
  initialState: () => 0,
  evolve: (count) => count + 1,
  decide: ({ times }, count) => Array.from({ length: times }, (_, i) => ({ type: 'Counted', data: { n: count + i + 1 } })),
};

const apiCall: CommandContext = {
  correlationId: 'req-1',
  causationId: 'req-1',
  actor: { kind: 'api-key', keyId: 'key_1', keyType: 'secret' },
};

describe('command metadata', () => {
  it('every event a command appends carries its context as metadata', async () => {
    const store = new InMemoryEventStore();
    await handleCommand(store, 'tally-1', tally, { times: 2 }, { context: apiCall });
    const events = await store.readStream('tally-1');
    expect(events.map((event) => event.metadata)).to.deep.equal([apiCall, apiCall]);
  });

  it('a command decided again after a concurrent append still carries its context', async () => {
    const store = new InMemoryEventStore();
    let raced = false;
    // The two calls handleCommand makes; another writer appends right after the first read.
    const racing = {
      async readStream(stream: string) {
        const read = await store.readStream(stream);
        if (!raced) {
          raced = true;
          await store.append(stream, [{ type: 'Counted', data: { n: 1 } }], 'no_stream');
        }
        return read;
      },
      append: store.append.bind(store),
    } as unknown as EventStore;
    await handleCommand(racing, 'tally-2', tally, { times: 1 }, { context: apiCall });
    const events = await store.readStream('tally-2');
    expect(events.map((event) => event.metadata)).to.deep.equal([{}, apiCall]);
  });

  it('a command caused by an event keeps its correlation and names it as the cause', async () => {
    const store = new InMemoryEventStore();
    await handleCommand(store, 'tally-4', tally, { times: 1 }, { context: apiCall });
    const [cause] = await store.readStream('tally-4');
    expect(causedBy(cause, { kind: 'system', name: 'analysis-worker' })).to.deep.equal({
      correlationId: 'req-1',
      causationId: cause.id,
      actor: { kind: 'system', name: 'analysis-worker' },
    });
  });

  it('an event without a correlation starts one: its own id', async () => {
    const store = new InMemoryEventStore();
    // Written before events carried metadata.
    await store.append('tally-5', [{ type: 'Counted', data: { n: 1 } }], 'no_stream');
    const [cause] = await store.readStream('tally-5');
    expect(causedBy(cause, { kind: 'system', name: 'w' })).to.include({ correlationId: cause.id, causationId: cause.id });
  });

  it('a system run is its own correlation and cause', () => {
    expect(systemContext('feedbackctl', 'run-1')).to.deep.equal({
      correlationId: 'run-1',
      causationId: 'run-1',
      actor: { kind: 'system', name: 'feedbackctl' },
    });
  });
});
