import { expect } from 'chai';
import { startTestServer, type TestServer } from '../../support/test-server.js';

describe('theme vectors are stored in the row', function () {
  this.timeout(60_000);
  let server: TestServer;

  before(async () => {
    server = await startTestServer({ workers: false });
  });
  after(() => server.close());

  it('given the migrated schema, then theme centres and member vectors are kept inline (MAIN), not out of line in TOAST', async () => {
    const columns = await server.runtime.db.query<{ relname: string; attname: string; attstorage: string }>(
      `SELECT c.relname, a.attname, a.attstorage FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
        WHERE (c.relname, a.attname) IN (('clusters', 'centroid'), ('cluster_members', 'embedding')) ORDER BY c.relname`,
    );
    expect(columns.rows).to.deep.equal([
      { relname: 'cluster_members', attname: 'embedding', attstorage: 'm' },
      { relname: 'clusters', attname: 'centroid', attstorage: 'm' },
    ]);
  });
});
