/**
 * An identify call carrying an email and an item
 * with that email, both within the projection lag. The identify call is in the log first, but the
 * asynchronous pass has not applied it when the item's append runs its inline pass. Live must then
 * give what the log order gives, which is what a rebuild gives.
 *
 * The interleaving is made, not waited for: the projection loop is stopped, the identify call is
 * appended without waiting for the read models, the item is submitted (its inline pass runs in its
 * append), and only then does the asynchronous pass run.
 */
import { expect } from 'chai';
import { changeProjectSettings } from '../../../commands/change-project-settings/handler.js';
import { identifyUser } from '../../../commands/identify-user/handler.js';
import { submitFeedback } from '../../../src/processes/shared/submit-feedback.js';
import type { IdentityLinking } from '../../../src/domain/project/events.js';
import { mergeSuggestions } from '../../../queries/merge-suggestions/query.js';
import { expectRebuildEqualsLive } from '../../support/table-snapshot.js';
import { testContext } from '../../support/test-context.js';
import { startTestServer, type TestServer } from '../../support/test-server.js';

const USERS_TABLES = ['users', 'user_feedback', 'user_aliases', 'identity_suggestions'];

describe('identify and an item by the same email within the projection lag', function () {
  this.timeout(120_000);
  let server: TestServer;

  beforeEach(async () => {
    server = await startTestServer({ workers: false });
  });
  afterEach(() => server.close());

  /** The identify call's event is in the log; the read models have not applied it. Then the item is submitted. */
  async function identifyThenSubmitUnprojected(linking: IdentityLinking, email: string): Promise<{ projectId: string; feedbackId: string }> {
    const { projectId } = await server.createProject({ name: `Race ${linking}` });
    await changeProjectSettings(server.runtime, projectId, { identityLinking: linking }, testContext());
    await server.runtime.engine.stop();
    const { store, clock, engine } = server.runtime;
    const notWaiting = { store, clock, engine: Object.assign(Object.create(engine) as typeof engine, { waitFor: async () => true }) };
    await identifyUser(notWaiting, { projectId, userId: 'u-race', traits: { email }, keyType: 'secret' }, testContext());
    const identified = await server.runtime.db.query(`SELECT 1 FROM users WHERE project_id = $1 AND user_id = 'u-race'`, [projectId]);
    expect(identified.rowCount, 'the identify call is not yet applied').to.equal(0);
    const submitted = await submitFeedback(server.runtime, { projectId, text: 'The export keeps failing', email, source: 'api' }, testContext(), {
      waitForReadModels: false,
    });
    await server.runtime.engine.catchUp();
    await server.runtime.engine.start();
    return { projectId, feedbackId: submitted.id };
  }

  const ownerOf = async (feedbackId: string) =>
    (await server.runtime.db.query<{ user_id: string }>(`SELECT user_id FROM user_feedback WHERE feedback_id = $1`, [feedbackId])).rows[0]?.user_id;

  it('linking suggest: the item lands on the user whose alias the email already was in the log; no shadow user, no suggestion; a rebuild gives the same', async () => {
    const { projectId, feedbackId } = await identifyThenSubmitUnprojected('suggest', 'rae@example.com');
    expect(await ownerOf(feedbackId)).to.equal('u-race');
    expect((await server.runtime.db.query(`SELECT 1 FROM users WHERE project_id = $1 AND shadow`, [projectId])).rowCount).to.equal(0);
    expect(await mergeSuggestions(server.runtime.db, projectId)).to.deep.equal([]);
    await expectRebuildEqualsLive(server.runtime, USERS_TABLES);
  });

  it('linking auto, a role address: the shadow user appears with the item, and its suggestion is the one the log order raises (by the item); a rebuild gives the same', async () => {
    const { projectId, feedbackId } = await identifyThenSubmitUnprojected('auto', 'support@race.example');
    expect(await ownerOf(feedbackId)).to.equal('support@race.example');
    const [suggestion] = await mergeSuggestions(server.runtime.db, projectId);
    expect(suggestion).to.include({ email: 'support@race.example', candidateUserId: 'u-race', reason: 'role-address', status: 'open' });
    await expectRebuildEqualsLive(server.runtime, USERS_TABLES);
  });
});
