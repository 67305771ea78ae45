import { openDatabase } from '../../../src/db/open-database.js';
import { runMigrations } from '../../../src/db/migrations.js';
import { PostgresEventStore } from '../../../src/eventstore/postgres-event-store.js';
import { eventStoreMigrations } from '../../../src/eventstore/postgres-event-store.migration.js';
import { eventStoreContract } from './contract.js';

eventStoreContract('PostgresEventStore on in-memory PGlite', async () => {
  const db = await openDatabase({ dataDir: 'memory://', holder: 'eventstore contract test' });
  await runMigrations(db, eventStoreMigrations);
  const store = new PostgresEventStore(db);
  return {
    store,
    async close() {
      await store.close();
      await db.close();
    },
  };
});
