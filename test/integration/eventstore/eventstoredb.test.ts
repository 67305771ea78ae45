/**
 * The contract against a real EventStoreDB/KurrentDB, e.g.
 *   EVENTSTORE_URL='esdb://admin:changeit@localhost:2113?tls=false' npx mocha test/integration/eventstore/eventstoredb.test.ts
 * (reading $all needs a user allowed to, such as admin). Without EVENTSTORE_URL the suite is skipped and says so.
 */
import { EventStoreDbEventStore } from '../../../src/eventstore/eventstoredb-event-store.js';
import { eventStoreContract } from './contract.js';

const url = process.env.EVENTSTORE_URL;

if (url) {
  eventStoreContract('EventStoreDbEventStore', async () => {
    const store = await EventStoreDbEventStore.connect(url);
    return { store, close: () => store.close() };
  });
} else {
  describe('EventStore contract: EventStoreDbEventStore', function () {
    before(function () {
      console.log('    EventStoreDB contract suite SKIPPED: EVENTSTORE_URL is not set (e.g. esdb://admin:changeit@localhost:2113?tls=false)');
      this.skip();
    });

    it('runs the shared EventStore contract against EventStoreDB (needs EVENTSTORE_URL)', function () {});
  });
}
