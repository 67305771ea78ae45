import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runErasureMaintenance } from '../../src/work/erasure-maintenance.js';
import { filesContaining, marker, randomLetters } from '../support/data-dir-search.js';
import { submit, waitForClusteredItem, waitForClusteringIdle, type TestProject } from '../support/clusters.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

/**
 * Over 2 KB of words that do not compress, so PostgreSQL moves the value out of line (TOAST); the
 * marker recurs so that some occurrence lies wholly inside one TOAST chunk.
 */
function longText(mark: string): string {
  const sentences = Array.from(
    { length: 30 },
    () => `${Array.from({ length: 12 }, () => randomLetters(8 + Math.floor(Math.random() * 5))).join(' ')} ${mark}.`,
  );
  return `The export of ${mark} crashes. ${sentences.join(' ')}`;
}

describe('DELETE /api/v1/feedback/{id}: the text leaves the data directory (spec 4.4)', function () {
  this.timeout(180_000);
  const dir = mkdtempSync(join(tmpdir(), 'erasure-physical-'));
  const deletedShort = marker('short');
  const deletedLong = marker('long');
  const keptShort = marker('keep');
  const keptLong = marker('keeplong');
  let server: TestServer | undefined;
  let project: TestProject;
  let keptId: string;
  let keptLongId: string;

  before(async () => {
    server = await startTestServer({ env: { DATA_DIR: dir } });
    project = await server.createProject({ name: 'Physical erasure' });
    const gone = [
      await submit(server, project, { text: `The ${deletedShort} dashboard crashes every time I open the settings page.` }),
      await submit(server, project, { text: longText(deletedLong) }),
    ];
    const keptTexts = [`The ${keptShort} dashboard crashes whenever I open the settings page.`, longText(keptLong)];
    const kept = [await submit(server, project, { text: keptTexts[0] }), await submit(server, project, { text: keptTexts[1] })];
    [keptId, keptLongId] = kept;
    // Clustered, so the texts also reached the theme tables (and the long marker usually a theme label).
    for (const id of [...gone, ...kept]) await waitForClusteredItem(server, project, id);
    await waitForClusteringIdle(server, project.projectId);
    for (const id of gone) expect((await server.request(`/api/v1/feedback/${id}`, { method: 'DELETE', key: project.secretKey })).status).to.equal(204);
    await waitForClusteringIdle(server, project.projectId);
    await runErasureMaintenance(server.runtime);
    await server.close();
    server = undefined;
  });
  after(async () => {
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('the search finds the text of items that were not deleted (short, and long enough for TOAST)', () => {
    expect(filesContaining(dir, keptShort)).to.not.deep.equal([]);
    expect(filesContaining(dir, keptLong)).to.not.deep.equal([]);
  });

  it('no file of the data directory (tables, TOAST, indexes, WAL) holds the deleted texts', () => {
    expect(filesContaining(dir, deletedShort), deletedShort).to.deep.equal([]);
    expect(filesContaining(dir, deletedLong), deletedLong).to.deep.equal([]);
  });

  it('after a restart the kept items are intact and the deleted texts are still nowhere', async () => {
    server = await startTestServer({ env: { DATA_DIR: dir } });
    for (const [id, mark] of [
      [keptId, keptShort],
      [keptLongId, keptLong],
    ]) {
      const response = await server.request(`/api/v1/feedback/${id}`, { key: project.secretKey });
      expect(response.status).to.equal(200);
      expect(((await response.json()) as { text: string }).text).to.include(mark);
    }
    await server.close();
    server = undefined;
    expect(filesContaining(dir, deletedShort)).to.deep.equal([]);
    expect(filesContaining(dir, deletedLong)).to.deep.equal([]);
  });
});
