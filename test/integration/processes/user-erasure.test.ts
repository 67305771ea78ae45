import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { userErasureStream } from '../../../src/domain/user-erasure/events.js';
import { runPendingUserErasures } from '../../../src/processes/user-erasure/resume.js';
import { expectEventually } from '../../support/eventually.js';
import { submitFeedback } from '../../support/feedback.js';
import { readJson, type TestProject } from '../../support/http.js';
import { MutableClock } from '../../support/mutable-clock.js';
import { startTestServer, type TestServer } from '../../support/test-server.js';
import { identifyRequest, userRequest } from '../../support/users.js';

class SimulatedCrash extends Error {}

/** Spec 4.7: the erasure is a process whose steps are recorded; a worker that dies mid-way leaves it to be resumed after a restart. */
describe('the user erasure process resumes after a crash between its steps (spec 4.7)', function () {
  this.timeout(120_000);
  const USER = 'quillon-erasure-user';
  let dataDir: string;
  let server: TestServer | undefined;
  let project: TestProject;
  let requestId: string;
  const items: string[] = [];

  const statusOf = async (s: TestServer) => (await readJson(await s.request(`/api/v1/users/deletions/${requestId}`, { key: project.secretKey }))).status;
  const pendingRows = async (s: TestServer) => (await s.runtime.db.query(`SELECT 1 FROM pending_user_erasures WHERE request_id = $1`, [requestId])).rowCount;

  before(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'user-erasure-'));
    server = await startTestServer({ env: { DATA_DIR: dataDir }, workers: false });
    project = await server.createProject({ name: 'User erasure process' });
    expect((await identifyRequest(server, project.secretKey, { userId: USER, traits: { plan: 'quillonplan' } })).status).to.equal(200);
    for (const text of ['The export is slow', 'Search misses my notes']) items.push(await submitFeedback(server, project.secretKey, { text, userId: USER }));
  });
  after(async () => {
    await server?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('3.5: with no worker running, the request stays pending', async () => {
    const response = await server!.request(`/api/v1/users/${USER}`, { method: 'DELETE', key: project.secretKey });
    expect(response.status).to.equal(202);
    requestId = (await readJson(response)).requestId;
    expect(await statusOf(server!)).to.equal('pending');
    expect(await pendingRows(server!)).to.equal(1);
  });

  it('a worker that dies after the feedback step leaves the items erased, the step recorded, the profile still there', async () => {
    const s = server!;
    const claimed = await runPendingUserErasures(s.runtime, {
      onStepRecorded: (step) => {
        if (step === 'erase-feedback') throw new SimulatedCrash(step);
      },
    });
    expect(claimed).to.equal(1);
    for (const id of items) expect((await s.request(`/api/v1/feedback/${id}`, { key: project.secretKey })).status).to.equal(404);
    expect((await s.runtime.store.readStream(userErasureStream(requestId))).map((e) => e.data.step ?? e.type)).to.deep.equal([
      'UserErasureRequested',
      'erase-feedback',
    ]);
    expect((await userRequest(s, project.secretKey, USER)).status).to.equal(200);
    expect(await statusOf(s)).to.equal('pending');
    await s.close();
    server = undefined;
  });

  it('after a restart a worker resumes it at the profile step and completes it; nothing of the user is left in the log', async () => {
    // Past the retry delay (and any lease) the dead worker left on the request.
    server = await startTestServer({ env: { DATA_DIR: dataDir }, clock: new MutableClock(new Date(Date.now() + 600_000)) });
    const s = server;
    await expectEventually(async () => expect(await statusOf(s)).to.equal('completed'), { timeoutMs: 30_000, intervalMs: 100 });
    expect(await pendingRows(s)).to.equal(0);
    expect((await userRequest(s, project.secretKey, USER)).status).to.equal(404);
    await expectEventually(async () => expect(await s.runtime.store.readStream(userErasureStream(requestId))).to.deep.equal([]));
    const raw = await s.runtime.db.query<{ data: string }>(`SELECT data::text AS data FROM events`);
    expect(raw.rows.filter((row) => row.data.includes(USER) || row.data.includes('quillonplan'))).to.deep.equal([]);
  });
});
