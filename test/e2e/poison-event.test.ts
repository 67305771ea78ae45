import { expect } from 'chai';
import { feedbackStream } from '../../src/domain/feedback/events.js';
import { expectEventually } from '../support/eventually.js';
import { appendUnstorableSubmission } from '../support/poison-event.js';
import { readJson } from '../support/http.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

/**
 * At the level of the log: an event already in the log that a read model
 * cannot store (as a date before year 1 was) is parked; the service keeps answering and storing.
 */
describe('a poison event in the log does not stop the service', () => {
  let server: TestServer;
  let project: { projectId: string; secretKey: string };
  let poisonId: string;

  before(async () => {
    server = await startTestServer({ env: { LOG_LEVEL: 'silent' } });
    project = await server.createProject({ name: 'Poison' });
    poisonId = await appendUnstorableSubmission(server.runtime.store, project.projectId);
  });
  after(() => server.close());

  it('the read model parks it and says so in the projection status', async () => {
    await expectEventually(async () => {
      const status = (await server.runtime.engine.status()).find((s) => s.name === 'feedback-list')!;
      expect(status.parked.map((p) => p.stream)).to.deep.equal([feedbackStream(poisonId)]);
      expect(status.parked[0].error).to.match(/out of range/);
    });
  });

  it('the service keeps answering, storing and listing', async () => {
    expect((await server.request('/api/v1/ping', { key: project.secretKey })).status).to.equal(200);
    const accepted = await server.request('/api/v1/feedback', { method: 'POST', key: project.secretKey, body: JSON.stringify({ text: 'Export works again' }) });
    expect(accepted.status).to.equal(202);
    const { id } = await readJson(accepted);
    const listed = await readJson(await server.request('/api/v1/feedback', { key: project.secretKey }));
    expect(listed.items.map((item: { id: string }) => item.id)).to.deep.equal([id]);
    // No consumer is stuck behind the parked event (workers keep appending, so each catches up in its own time).
    await expectEventually(async () => {
      for (const status of await server.runtime.engine.status()) expect(status.lag, status.name).to.equal(0);
    });
  });
});
