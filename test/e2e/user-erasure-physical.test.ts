import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { changeProjectSettings } from '../../commands/change-project-settings/handler.js';
import { runErasureMaintenance } from '../../src/work/erasure-maintenance.js';
import { waitForClusteredItem, waitForClusteringIdle, type TestProject } from '../support/clusters.js';
import { filesContaining, marker } from '../support/data-dir-search.js';
import { expectEventually } from '../support/eventually.js';
import { submitFeedback } from '../support/feedback.js';
import { readJson } from '../support/http.js';
import { testContext } from '../support/test-context.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { identifyRequest } from '../support/users.js';

/**
 * Spec 4.7: the identity profile goes "with its traits, aliases, value marks and health history".
 * A byte search of the embedded data directory (tables, indexes, TOAST, WAL) after the erasure and
 * the maintenance pass finds none of the user's values, while another user's values are still there.
 */
describe('DELETE /api/v1/users/{userId}: the profile leaves the data directory', function () {
  this.timeout(240_000);
  const dir = mkdtempSync(join(tmpdir(), 'user-erasure-physical-'));
  const erased = { userId: marker('uid'), email: `${marker('mail')}@example.org`, plan: marker('plan'), text: marker('text') };
  const kept = { userId: marker('keepuid'), email: `${marker('keepmail')}@example.org`, plan: marker('keepplan'), text: marker('keeptext') };
  let server: TestServer | undefined;
  let project: TestProject;

  const addUser = async (user: typeof erased) => {
    const identified = await identifyRequest(server!, project.secretKey, { userId: user.userId, traits: { email: user.email, plan: user.plan, mrr: 120 } });
    expect(identified.status).to.equal(200);
    // A value mark that shrinks, so the mark row holds a history.
    expect((await identifyRequest(server!, project.secretKey, { userId: user.userId, traits: { mrr: 40 } })).status).to.equal(200);
    const items = [
      await submitFeedback(server!, project.secretKey, { text: `The ${user.text} export keeps failing and I lose my work.`, userId: user.userId }),
      // By email only: reaches the user through their alias.
      await submitFeedback(server!, project.secretKey, { text: `Invoices for ${user.text} are wrong again this month.`, email: user.email }),
    ];
    for (const id of items) await waitForClusteredItem(server!, project, id);
  };

  before(async () => {
    server = await startTestServer({ env: { DATA_DIR: dir } });
    project = await server.createProject({ name: 'Physical user erasure' });
    await changeProjectSettings(server.runtime, project.projectId, { customerValueTrait: 'mrr' }, testContext());
    await addUser(erased);
    await addUser(kept);
    await waitForClusteringIdle(server, project.projectId);
    const response = await server.request(`/api/v1/users/${encodeURIComponent(erased.userId)}`, { method: 'DELETE', key: project.secretKey });
    expect(response.status).to.equal(202);
    const { requestId } = await readJson(response);
    await expectEventually(
      async () => {
        const status = await readJson(await server!.request(`/api/v1/users/deletions/${requestId}`, { key: project.secretKey }));
        expect(status.status).to.equal('completed');
      },
      { timeoutMs: 90_000, intervalMs: 200 },
    );
    await waitForClusteringIdle(server, project.projectId);
    await runErasureMaintenance(server.runtime);
    await server.close();
    server = undefined;
  });
  after(async () => {
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('the search finds every value of the user who was not erased (it can fail)', () => {
    for (const [name, value] of Object.entries(kept)) expect(filesContaining(dir, value), name).to.not.deep.equal([]);
  });

  it('no file of the data directory holds the erased userId, email, trait value or feedback text', () => {
    for (const [name, value] of Object.entries(erased)) expect(filesContaining(dir, value), name).to.deep.equal([]);
  });

  it('after a restart the kept user is intact and the erased values are still nowhere', async () => {
    server = await startTestServer({ env: { DATA_DIR: dir } });
    const user = await readJson(await server.request(`/api/v1/users/${encodeURIComponent(kept.userId)}`, { key: project.secretKey }));
    expect(user.traits.plan).to.equal(kept.plan);
    await server.close();
    server = undefined;
    for (const [name, value] of Object.entries(erased)) expect(filesContaining(dir, value), name).to.deep.equal([]);
  });
});
