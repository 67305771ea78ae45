import { expect } from 'chai';
import { changeProjectSettings } from '../../commands/change-project-settings/handler.js';
import { confirmMergeSuggestion, rejectMergeSuggestion } from '../../commands/decide-merge-suggestion/handler.js';
import { mergeSuggestions, type MergeSuggestion } from '../../queries/merge-suggestions/query.js';
import { identityMergeDecider } from '../../src/domain/identity-merge/decider.js';
import { mergeSuggestionStream } from '../../src/domain/identity-merge/events.js';
import { Conflict, NotFound } from '../../src/domain/errors.js';
import { handleCommand } from '../../src/eventstore/command-handler.js';
import { resumeIdentityMerges } from '../../src/processes/identity-merge/resume.js';
import { runPendingUserErasures } from '../../src/processes/user-erasure/resume.js';
import { submitFeedback } from '../support/feedback.js';
import { expectProblem, readJson, type TestProject } from '../support/http.js';
import { MutableClock } from '../support/mutable-clock.js';
import { testContext } from '../support/test-context.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { identifyRequest, userRequest } from '../support/users.js';

/** Spec 2.3 (email-based identity): ambiguous matches become merge suggestions that need confirmation. */
describe('merge suggestions (spec 2.3)', function () {
  this.timeout(120_000);
  const clock = new MutableClock();
  let server: TestServer;

  before(async () => {
    server = await startTestServer({ workers: false, clock });
  });
  after(() => server.close());

  const projectWith = async (name: string, settings: Record<string, unknown> = {}) => {
    const created = await server.createProject({ name });
    if (Object.keys(settings).length > 0) await changeProjectSettings(server.runtime, created.projectId, settings, testContext());
    return created;
  };
  const identify = async (p: TestProject, userId: string, email: string) => {
    const response = await identifyRequest(server, p.secretKey, { userId, traits: { email } });
    expect(response.status, await response.clone().text()).to.equal(200);
  };
  const submit = (p: TestProject, email: string, text = 'The export to PDF keeps failing') => submitFeedback(server, p.secretKey, { text, email });
  const user = async (p: TestProject, ref: string) => {
    const response = await userRequest(server, p.secretKey, ref);
    expect(response.status, `${ref}: ${await response.clone().text()}`).to.equal(200);
    return readJson(response);
  };
  const itemIds = (profile: { feedback: { id: string }[] }) => profile.feedback.map((item) => item.id).sort();
  const suggestionsOf = (p: TestProject) => mergeSuggestions(server.runtime.db, p.projectId);
  const only = async (p: TestProject): Promise<MergeSuggestion> => {
    const found = await suggestionsOf(p);
    expect(found, JSON.stringify(found)).to.have.length(1);
    return found[0];
  };

  describe('which ambiguous cases become suggestions', () => {
    it('2.3 (linking suggest): a shadow user and a user claiming its email are suggested, not merged', async () => {
      const p = await projectWith('Suggest mode', { identityLinking: 'suggest' });
      await submit(p, 'ida@example.com');
      await identify(p, 'u-ida', 'Ida@example.com');
      const suggestion = await only(p);
      expect(suggestion).to.include({
        projectId: p.projectId,
        email: 'ida@example.com',
        shadowUserId: 'ida@example.com',
        candidateUserId: 'u-ida',
        reason: 'linking-suggest',
        status: 'open',
        decidedAt: null,
        mergedAt: null,
      });
      expect(suggestion.id).to.match(/^sug_[A-Za-z0-9_-]{22}$/);
      expect((await user(p, 'u-ida')).feedbackCount).to.equal(0);
      // Identified again with the same email: still one suggestion, the same one.
      await identify(p, 'u-ida', 'ida@example.com');
      expect((await only(p)).id).to.equal(suggestion.id);
    });

    it('2.3 (two accounts claiming one email): the second claimant is suggested too, with its own reason', async () => {
      const p = await projectWith('Two claimants', { identityLinking: 'suggest' });
      await submit(p, 'shared@example.com');
      await identify(p, 'u-one', 'shared@example.com');
      await identify(p, 'u-two', 'shared@example.com');
      const found = await suggestionsOf(p);
      expect(found.map((s) => [s.candidateUserId, s.reason]).sort()).to.deep.equal([
        ['u-one', 'linking-suggest'],
        ['u-two', 'claimed-by-another-user'],
      ]);
      expect(new Set(found.map((s) => s.id)).size).to.equal(2);
    });

    it('2.3 (role address, linking auto): support@ is suggested, whether the feedback or the identify call comes first', async () => {
      const p = await projectWith('Role address');
      await submit(p, 'support@acme.example');
      await identify(p, 'u-desk', 'support@acme.example');
      await identify(p, 'u-help', 'help@acme.example');
      await submit(p, 'help@acme.example');
      const found = await suggestionsOf(p);
      expect(found.map((s) => [s.email, s.candidateUserId, s.reason]).sort()).to.deep.equal([
        ['help@acme.example', 'u-help', 'role-address'],
        ['support@acme.example', 'u-desk', 'role-address'],
      ]);
    });

    it('2.3 (ignore list): an ignored address is suggested, never merged', async () => {
      const p = await projectWith('Ignored', { identityLinkingIgnore: ['@mailbox.example'] });
      await submit(p, 'ops@mailbox.example');
      await identify(p, 'u-ops', 'ops@mailbox.example');
      expect(await only(p)).to.include({ email: 'ops@mailbox.example', candidateUserId: 'u-ops', reason: 'ignored-address', status: 'open' });
      expect((await user(p, 'ops@mailbox.example')).userId).to.equal('ops@mailbox.example');
    });

    it('2.3 (linking off): no suggestion, whatever the address', async () => {
      const p = await projectWith('Off', { identityLinking: 'off' });
      for (const email of ['noa@example.com', 'support@off.example']) {
        await submit(p, email);
        await identify(p, `u-${email}`, email);
      }
      expect(await suggestionsOf(p)).to.deep.equal([]);
    });

    it('2.3 (linking auto, an exact match): merged at once, so nothing to suggest', async () => {
      const p = await projectWith('Auto');
      await submit(p, 'kim@example.com');
      await identify(p, 'u-kim', 'kim@example.com');
      expect(await suggestionsOf(p)).to.deep.equal([]);
      expect((await user(p, 'u-kim')).feedbackCount).to.equal(1);
    });
  });

  describe('confirming', () => {
    let p: TestProject;
    let shadowItems: string[];
    let suggestion: MergeSuggestion;

    before(async () => {
      p = await projectWith('Confirm');
      shadowItems = [await submit(p, 'support@conf.example'), await submit(p, 'support@conf.example', 'Dark mode please')];
      await identify(p, 'u-conf', 'support@conf.example');
      await submitFeedback(server, p.secretKey, { text: 'Love the dashboard', userId: 'u-conf' });
      suggestion = await only(p);
      expect(await confirmMergeSuggestion(server.runtime, suggestion.id, testContext())).to.deep.equal({ suggestionId: suggestion.id, merge: 'merged' });
    });

    it("2.3: the shadow user's items are the user's (GET /users shows them, feedbackCount counts them)", async () => {
      const merged = await user(p, 'u-conf');
      expect(merged.feedbackCount).to.equal(3);
      expect(itemIds(merged)).to.include.members(shadowItems);
    });

    it('2.3, 4.6: the email is now an alias: GET /users/{email} is the real user, the shadow profile is gone', async () => {
      expect((await user(p, 'support@conf.example')).userId).to.equal('u-conf');
      const shadows = await server.runtime.db.query(`SELECT 1 FROM users WHERE project_id = $1 AND shadow`, [p.projectId]);
      expect(shadows.rowCount).to.equal(0);
    });

    it('later feedback with the email lands on the real user; the userId filter finds all of it', async () => {
      const later = await submit(p, 'support@conf.example');
      expect((await user(p, 'u-conf')).feedbackCount).to.equal(4);
      const list = await readJson(await server.request('/api/v1/feedback?limit=200&userId=u-conf', { key: p.secretKey }));
      expect(list.items.map((item: { id: string }) => item.id)).to.include.members([...shadowItems, later]);
    });

    it('the suggestion reads confirmed and merged; its record holds each step and names no one', async () => {
      const after = await only(p);
      expect(after.status).to.equal('confirmed');
      expect(after.decidedAt).to.be.a('string');
      expect(after.mergedAt).to.be.a('string');
      const events = await server.runtime.store.readStream(mergeSuggestionStream(suggestion.id));
      expect(events.map((event) => event.type)).to.deep.equal(['MergeSuggestionConfirmed', 'IdentityMergeStepCompleted', 'IdentityMergeCompleted']);
      expect(JSON.stringify(events.map((event) => event.data))).not.to.match(/conf\.example|u-conf/);
    });

    it('confirming again is a no-op; rejecting a confirmed one is refused; an unknown id is not found', async () => {
      const before = (await server.runtime.store.readStream(mergeSuggestionStream(suggestion.id))).length;
      expect((await confirmMergeSuggestion(server.runtime, suggestion.id, testContext())).merge).to.equal('merged');
      expect(await server.runtime.store.readStream(mergeSuggestionStream(suggestion.id))).to.have.length(before);
      await expectRejected(() => rejectMergeSuggestion(server.runtime, suggestion.id, testContext()), Conflict);
      await expectRejected(() => confirmMergeSuggestion(server.runtime, 'sug_AAAAAAAAAAAAAAAAAAAAAA', testContext()), NotFound);
      await expectRejected(() => confirmMergeSuggestion(server.runtime, 'not\u0000an id', testContext()), NotFound);
      expect((await user(p, 'u-conf')).feedbackCount).to.equal(4);
    });
  });

  describe('rejecting', () => {
    let p: TestProject;
    let suggestion: MergeSuggestion;

    before(async () => {
      p = await projectWith('Reject', { identityLinking: 'suggest' });
      await submit(p, 'rej@example.com');
      await identify(p, 'u-rej', 'rej@example.com');
      suggestion = await only(p);
      await rejectMergeSuggestion(server.runtime, suggestion.id, testContext());
    });

    it('2.3: both stay apart: the shadow user keeps its item, the user has none', async () => {
      expect((await user(p, 'u-rej')).feedbackCount).to.equal(0);
      const shadows = await server.runtime.db.query<{ feedback_count: number }>(`SELECT feedback_count FROM users WHERE project_id = $1 AND shadow`, [
        p.projectId,
      ]);
      expect(shadows.rows).to.deep.equal([{ feedback_count: 1 }]);
    });

    it('the suggestion reads rejected and is not raised again by a later identify call', async () => {
      await identify(p, 'u-rej', 'rej@example.com');
      expect(await only(p)).to.include({ id: suggestion.id, status: 'rejected', mergedAt: null });
    });

    it('rejecting again is a no-op; confirming a rejected one is refused and merges nothing', async () => {
      await rejectMergeSuggestion(server.runtime, suggestion.id, testContext());
      await expectRejected(() => confirmMergeSuggestion(server.runtime, suggestion.id, testContext()), Conflict);
      expect((await user(p, 'u-rej')).feedbackCount).to.equal(0);
    });
  });

  describe('linking turned off (feedbackctl project update --identity-linking off)', () => {
    let p: TestProject;
    let open: MergeSuggestion;
    let decided: MergeSuggestion;

    before(async () => {
      p = await projectWith('Turned off', { identityLinking: 'suggest' });
      await submit(p, 'offa@example.com');
      await identify(p, 'u-offa', 'offa@example.com');
      await submit(p, 'offb@example.com');
      await identify(p, 'u-offb', 'offb@example.com');
      const both = await suggestionsOf(p);
      open = both.find((s) => s.candidateUserId === 'u-offa')!;
      decided = both.find((s) => s.candidateUserId === 'u-offb')!;
      await rejectMergeSuggestion(server.runtime, decided.id, testContext());
      clock.advance(60_000);
      await changeProjectSettings(server.runtime, p.projectId, { identityLinking: 'off' }, testContext());
    });

    it('2.3: the open suggestion is dismissed, with MergeSuggestionDismissed in its record; a decided one keeps its decision', async () => {
      const after = await suggestionsOf(p);
      expect(after.find((s) => s.id === open.id)).to.include({ status: 'dismissed', decidedAt: clock.now().toISOString(), mergedAt: null });
      expect(after.find((s) => s.id === decided.id)).to.include({ status: 'rejected' });
      const record = await server.runtime.store.readStream(mergeSuggestionStream(open.id));
      expect(record.map((event) => [event.type, event.data.reason])).to.deep.equal([['MergeSuggestionDismissed', 'linking-off']]);
    });

    it('a dismissed suggestion can be neither confirmed nor rejected, and nothing merges', async () => {
      await expectRejected(() => confirmMergeSuggestion(server.runtime, open.id, testContext()), Conflict);
      await expectRejected(() => rejectMergeSuggestion(server.runtime, open.id, testContext()), Conflict);
      expect((await user(p, 'u-offa')).feedbackCount).to.equal(0);
      const shadow = await server.runtime.db.query(`SELECT feedback_count FROM users WHERE project_id = $1 AND user_id = $2 AND shadow`, [
        p.projectId,
        'offa@example.com',
      ]);
      expect(shadow.rows).to.deep.equal([{ feedback_count: 1 }]);
    });

    it('turning linking off again changes nothing; once it is back on, the next claim raises the pair afresh as a new open suggestion', async () => {
      await changeProjectSettings(server.runtime, p.projectId, { identityLinking: 'off' }, testContext());
      expect(await server.runtime.store.readStream(mergeSuggestionStream(open.id))).to.have.length(1);
      await changeProjectSettings(server.runtime, p.projectId, { identityLinking: 'suggest' }, testContext());
      await identify(p, 'u-offa', 'offa@example.com');
      const raised = (await suggestionsOf(p)).find((s) => s.candidateUserId === 'u-offa')!;
      expect(raised).to.include({ status: 'open', reason: 'linking-suggest', decidedAt: null });
      expect(raised.id).not.to.equal(open.id);
      expect((await confirmMergeSuggestion(server.runtime, raised.id, testContext())).merge).to.equal('merged');
      expect((await user(p, 'u-offa')).feedbackCount).to.equal(1);
    });

    it('an open suggestion the dismissal has not reached is not confirmed while linking is off', async () => {
      const q = await projectWith('Off before dismissal', { identityLinking: 'suggest' });
      await submit(q, 'late@example.com');
      await identify(q, 'u-late', 'late@example.com');
      const suggestion = await only(q);
      // What a settings change cut short before its dismissals leaves: linking off, the suggestion still open.
      await server.runtime.db.query(`UPDATE user_linking SET linking = 'off' WHERE project_id = $1`, [q.projectId]);
      await expectRejected(() => confirmMergeSuggestion(server.runtime, suggestion.id, testContext()), Conflict);
      expect((await only(q)).status).to.equal('open');
      expect((await user(q, 'u-late')).feedbackCount).to.equal(0);
    });
  });

  describe('two claimants, one confirmed', () => {
    it('the alias moves to the confirmed user and the other open suggestion goes with the shadow user', async () => {
      const p = await projectWith('Claimants confirm', { identityLinking: 'suggest' });
      const item = await submit(p, 'pair@example.com');
      await identify(p, 'u-first', 'pair@example.com');
      await identify(p, 'u-second', 'pair@example.com');
      const second = (await suggestionsOf(p)).find((s) => s.candidateUserId === 'u-second')!;
      await confirmMergeSuggestion(server.runtime, second.id, testContext());
      expect(itemIds(await user(p, 'u-second'))).to.deep.equal([item]);
      expect((await user(p, 'pair@example.com')).userId).to.equal('u-second');
      expect((await suggestionsOf(p)).map((s) => [s.candidateUserId, s.status])).to.deep.equal([['u-second', 'confirmed']]);
    });
  });

  describe('a merge interrupted after the confirmation', () => {
    it('is finished by the worker from the recorded confirmation', async () => {
      const p = await projectWith('Crash', { identityLinking: 'suggest' });
      const item = await submit(p, 'crash@example.com');
      await identify(p, 'u-crash', 'crash@example.com');
      const suggestion = await only(p);
      // What a confirming command that died right after recording the decision leaves behind.
      const handled = await handleCommand(
        server.runtime.store,
        mergeSuggestionStream(suggestion.id),
        identityMergeDecider,
        { type: 'ConfirmSuggestion', suggestionId: suggestion.id, projectId: p.projectId, at: clock.now().toISOString() },
        { context: testContext() },
      );
      await server.runtime.engine.waitFor(handled.appended!.position);
      expect((await only(p)).mergedAt).to.equal(null);
      expect(await resumeIdentityMerges(server.runtime)).to.equal(0); // the command's own run has a minute first
      clock.advance(2 * 60_000);
      expect(await resumeIdentityMerges(server.runtime)).to.equal(1);
      expect(itemIds(await user(p, 'u-crash'))).to.deep.equal([item]);
      expect((await only(p)).mergedAt).to.be.a('string');
      expect((await server.runtime.db.query(`SELECT 1 FROM pending_identity_merges WHERE suggestion_id = $1`, [suggestion.id])).rowCount).to.equal(0);
    });
  });

  describe('erasure after a confirmed merge (spec 4.7)', () => {
    it('erasing by the merged email erases the whole profile, the shadow history, the suggestion, and every trace in the log', async () => {
      const p = await projectWith('Erase merged', { identityLinking: 'suggest' });
      const EMAIL = 'quorvane.merged@example.org';
      const USER = 'quorvane-user-5521';
      const items = [await submit(p, EMAIL), await submit(p, EMAIL, 'Dark mode please')];
      await identify(p, USER, EMAIL);
      await confirmMergeSuggestion(server.runtime, (await only(p)).id, testContext());
      const mine = await server.runtime.db.query(`SELECT 1 FROM events WHERE type = 'ShadowUserMerged' AND data->>'userId' = $1`, [USER]);
      expect(mine.rowCount, 'the merge is on the log before the erasure').to.equal(1);
      const response = await server.request(`/api/v1/users/${encodeURIComponent(EMAIL)}`, { method: 'DELETE', key: p.secretKey });
      expect(response.status).to.equal(202);
      while ((await runPendingUserErasures(server.runtime)) > 0);
      for (const ref of [USER, EMAIL]) await expectProblem(await userRequest(server, p.secretKey, ref), 404, 'not-found');
      for (const id of items) await expectProblem(await server.request(`/api/v1/feedback/${id}`, { key: p.secretKey }), 404, 'not-found');
      expect(await suggestionsOf(p)).to.deep.equal([]);
      const tables = await server.runtime.db.query<{ table_name: string }>(
        `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1`,
      );
      for (const needle of [EMAIL, USER]) {
        const holding: string[] = [];
        for (const { table_name } of tables.rows) {
          const found = await server.runtime.db.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM "${table_name}" t WHERE position(lower($1) in lower(t::text)) > 0`,
            [needle],
          );
          if (found.rows[0].n > 0) holding.push(table_name);
        }
        expect(holding, needle).to.deep.equal([]);
      }
    });
  });
});

async function expectRejected(action: () => Promise<unknown>, errorClass: abstract new (...args: any[]) => Error): Promise<void> {
  try {
    await action();
  } catch (error) {
    expect(error, String(error)).to.be.instanceOf(errorClass);
    return;
  }
  expect.fail(`expected a ${errorClass.name}`);
}
