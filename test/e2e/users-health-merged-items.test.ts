import { expect } from 'chai';
import { changeProjectSettings } from '../../commands/change-project-settings/handler.js';
import { userStream } from '../../src/domain/user/events.js';
import { UserHealthWorker } from '../../src/work/user-health/user-health-worker.js';
import { submitFeedback, untilConsumersCaughtUp } from '../support/feedback.js';
import type { TestProject } from '../support/http.js';
import { testContext } from '../support/test-context.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { identifyRequest } from '../support/users.js';

/**
 * Items that came by email and were merged into a real profile count
 * as the user's own, so deleting one scores the user again. The server runs no workers: the test
 * drains the health queue and runs the health worker itself, so what it sees is what the deletion queued.
 */
describe('health after a merge: deleting a moved item rescores the real user', function () {
  this.timeout(120_000);
  let server: TestServer;
  let project: TestProject;

  before(async () => {
    server = await startTestServer({ workers: false });
    project = await server.createProject({ name: 'Health after merge' });
    await changeProjectSettings(server.runtime, project.projectId, { customerValueTrait: 'mrr' }, testContext());
  });
  after(() => server.close());

  const identify = async (traits: Record<string, unknown>) => {
    const response = await identifyRequest(server, project.secretKey, { userId: 'u-mia', traits });
    expect(response.status, await response.clone().text()).to.equal(200);
  };
  const healthEvents = async () =>
    (await server.runtime.store.readStream(userStream(project.projectId, 'u-mia'))).filter((event) => event.type.startsWith('UserHealth'));
  const drainHealthQueue = () => server.runtime.db.query(`DELETE FROM user_health_due WHERE project_id = $1`, [project.projectId]);

  it('given items by email merged into u-mia (linking auto) and u-mia lost (value 0 after 120), when one moved item is deleted, then u-mia is scored and enters the at-risk band', async () => {
    const items = [
      await submitFeedback(server, project.secretKey, { text: 'The export keeps failing', email: 'mia@example.com' }),
      await submitFeedback(server, project.secretKey, { text: 'Dark mode please', email: 'mia@example.com' }),
    ];
    await identify({ email: 'Mia@example.com', mrr: 120 });
    await identify({ mrr: 0 });
    await untilConsumersCaughtUp(server);
    await drainHealthQueue();

    const deleted = await server.request(`/api/v1/feedback/${items[0]}`, { method: 'DELETE', key: project.secretKey });
    expect(deleted.status).to.equal(204);
    await untilConsumersCaughtUp(server);

    expect(await new UserHealthWorker(server.runtime).runOnce()).to.equal(1);
    const recorded = await healthEvents();
    expect(recorded.map((event) => event.type)).to.deep.equal(['UserHealthChanged']);
    expect(recorded[0].data).to.include({ userId: 'u-mia', band: 'at_risk' });
  });

  it('a shadow user whose only item is deleted is gone: scoring its email writes no stream and leaves no queue row', async () => {
    const item = await submitFeedback(server, project.secretKey, { text: 'Slow sync', email: 'lone@example.com' });
    await untilConsumersCaughtUp(server);
    await drainHealthQueue();
    expect((await server.request(`/api/v1/feedback/${item}`, { method: 'DELETE', key: project.secretKey })).status).to.equal(204);
    await untilConsumersCaughtUp(server);
    const due = await server.runtime.db.query<{ user_id: string }>(`SELECT user_id FROM user_health_due WHERE project_id = $1`, [project.projectId]);
    expect(due.rows.map((row) => row.user_id)).to.deep.equal(['lone@example.com']);
    await new UserHealthWorker(server.runtime).runOnce();
    const streams = await server.runtime.db.query(`SELECT 1 FROM events WHERE stream = $1`, [userStream(project.projectId, 'lone@example.com')]);
    expect(streams.rowCount).to.equal(0);
    expect((await server.runtime.db.query(`SELECT 1 FROM user_health_due WHERE project_id = $1`, [project.projectId])).rowCount).to.equal(0);
  });
});
