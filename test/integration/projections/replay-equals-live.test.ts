import { testContext } from '../../support/test-context.js';
import { expect } from 'chai';
import { revokeApiKey } from '../../../commands/revoke-api-key/handler.js';
import { changeProjectSettings } from '../../../commands/change-project-settings/handler.js';
import { startTestServer, waitForProcessed, type TestServer } from '../../support/test-server.js';
import { snapshotTable } from '../../support/table-snapshot.js';
import { callBody, postTranscript } from '../../support/transcripts.js';
import { trackQuestion } from '../../../commands/track-question/handler.js';
import { untrackQuestion } from '../../../commands/untrack-question/handler.js';
import { expectEventually } from '../../support/eventually.js';
import { confirmMergeSuggestion, rejectMergeSuggestion } from '../../../commands/decide-merge-suggestion/handler.js';
import { mergeSuggestions } from '../../../queries/merge-suggestions/query.js';
import { userStream } from '../../../src/domain/user/events.js';

describe('replay equals live (feedbackctl reproject)', function () {
  // The set-up waits for analyses and two user erasures: on a busy machine that takes a while.
  this.timeout(180_000);
  let server: TestServer;

  before(async () => {
    server = await startTestServer({ analyzer: 'offline' });
    const a = await server.createProject({ name: 'A', origins: ['https://a.example'] });
    const b = await server.createProject({ name: 'B' });
    await changeProjectSettings(server.runtime, a.projectId, { identityLinking: 'suggest', customerValueTrait: 'mrr' }, testContext());
    const ids: string[] = [];
    for (const [i, text] of [
      'Export crashes on large files',
      'Please add dark mode',
      'Love the new dashboard',
      'How do I invite my team?',
      'Billing page is confusing, we are cancelling our subscription',
    ].entries()) {
      const project = i % 2 === 0 ? a : b;
      const response = await server.request('/api/v1/feedback', {
        key: project.secretKey,
        method: 'POST',
        body: JSON.stringify({ text, userId: i < 3 ? 'ana' : 'ben', metadata: { plan: i % 2 ? 'pro' : 'free' }, createdAt: '2026-02-01T10:00:00.000Z' }),
      });
      const { id } = (await response.json()) as { id: string };
      ids.push(id);
      await waitForProcessed(server, project.secretKey, id);
    }
    // Every item has joined a theme before one is deleted and one theme is resolved.
    for (let i = 0; i < 200; i++) {
      const pending = await server.runtime.db.query(`SELECT 1 FROM feedback_items WHERE cluster_id IS NULL`);
      if (pending.rowCount === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const [theme] = (await server.runtime.db.query<{ cluster_id: string }>(`SELECT cluster_id FROM feedback_items WHERE feedback_id = $1`, [ids[1]])).rows;
    await server.request(`/api/v1/clusters/${theme.cluster_id}`, { key: b.secretKey, method: 'PATCH', body: JSON.stringify({ status: 'resolved' }) });
    const deleted = await server.request(`/api/v1/feedback/${ids[0]}`, { key: a.secretKey, method: 'DELETE' });
    expect(deleted.status).to.equal(204);
    await revokeApiKey(server.runtime, b.widgetKey, testContext());
    // Themes edited by hand: rename, move, split with a label, merge.
    const themeOf = async (id: string) =>
      (await server.runtime.db.query<{ cluster_id: string }>(`SELECT cluster_id FROM feedback_items WHERE feedback_id = $1`, [id])).rows[0].cluster_id;
    const edit = (method: string, path: string, body: unknown) => server.request(path, { key: a.secretKey, method, body: JSON.stringify(body) });
    const kept = await themeOf(ids[2]);
    expect((await edit('PATCH', `/api/v1/clusters/${kept}`, { label: 'Dashboard' })).status).to.equal(200);
    if ((await themeOf(ids[4])) !== kept) expect((await edit('POST', `/api/v1/feedback/${ids[4]}/cluster`, { clusterId: kept })).status).to.equal(200);
    const split = await edit('POST', `/api/v1/clusters/${kept}/split`, { feedbackIds: [ids[4]], label: 'Billing' });
    expect(split.status).to.equal(201);
    const splitId = ((await split.json()) as { id: string }).id;
    expect((await edit('POST', `/api/v1/clusters/${splitId}/merge`, { into: kept })).status).to.equal(200);
    // A defined theme filed under the renamed one; its new keyword brings the dashboard item in (FeedbackMoved, reason defined).
    const defined = await edit('POST', '/api/v1/clusters', { label: 'Exports', keywords: ['export'], description: 'CSV and PDF' });
    expect(defined.status).to.equal(201);
    const definedId = ((await defined.json()) as { id: string }).id;
    expect((await edit('PATCH', `/api/v1/clusters/${definedId}`, { keywords: ['export', 'dashboard'], parentId: kept })).status).to.equal(200);
    await expectEventually(async () => expect(await themeOf(ids[2])).to.equal(definedId), { timeoutMs: 60_000, intervalMs: 100 });
    // End users: amounts, a loss, a removal, a widget call; `ana` also has items, one of them deleted above.
    const identify = (key: string, userId: string, traits: Record<string, unknown>, headers: Record<string, string> = {}) =>
      server.request('/api/v1/users/identify', { key, method: 'POST', body: JSON.stringify({ userId, traits }), headers });
    for (const [userId, traits] of [
      ['ana', { plan: 'pro', mrr: '49.99', seats: 3 }],
      ['ana', { mrr: 0, seats: null }],
      ['carl', { mrr: 0 }],
      ['carl', { mrr: 12.5, beta: true }],
    ] as const) {
      expect((await identify(a.secretKey, userId, traits)).status).to.equal(200);
    }
    expect((await identify(a.widgetKey, 'ana', { locale: 'de', mrr: 1, plan: null }, { Origin: 'https://a.example' })).status).to.equal(200);
    // Email identity (spec 2.3): a shadow user by email, and a user claiming the email (A links with `suggest`: an alias, no merge).
    await server.request('/api/v1/feedback', { key: a.secretKey, method: 'POST', body: JSON.stringify({ text: 'Sync is slow', email: 'dora@example.com' }) });
    expect((await identify(a.secretKey, 'dora', { email: 'dora@example.com' })).status).to.equal(200);
    // Merge suggestions (spec 2.3, A links with `suggest`): dora's stays open, fay's is confirmed (a merge), gus's rejected.
    for (const name of ['fay', 'gus']) {
      await server.request('/api/v1/feedback', {
        key: a.secretKey,
        method: 'POST',
        body: JSON.stringify({ text: 'Sync is slow', email: `${name}@example.com` }),
      });
      expect((await identify(a.secretKey, name, { email: `${name}@example.com` })).status).to.equal(200);
    }
    const suggestionFor = async (userId: string) => (await mergeSuggestions(server.runtime.db, a.projectId)).find((s) => s.candidateUserId === userId)!.id;
    expect((await confirmMergeSuggestion(server.runtime, await suggestionFor('fay'), testContext())).merge).to.equal('merged');
    await rejectMergeSuggestion(server.runtime, await suggestionFor('gus'), testContext());
    // B links with `auto`: the shadow user merges into eva.
    await server.request('/api/v1/feedback', { key: b.secretKey, method: 'POST', body: JSON.stringify({ text: 'Sync is slow', email: 'eva@example.com' }) });
    expect((await identify(b.secretKey, 'eva', { email: 'eva@example.com' })).status).to.equal(200);
    // C links with `suggest`, then turns linking off: hana's open suggestion is dismissed.
    const c = await server.createProject({ name: 'C' });
    await changeProjectSettings(server.runtime, c.projectId, { identityLinking: 'suggest' }, testContext());
    await server.request('/api/v1/feedback', { key: c.secretKey, method: 'POST', body: JSON.stringify({ text: 'Sync is slow', email: 'hana@example.com' }) });
    expect((await identify(c.secretKey, 'hana', { email: 'hana@example.com' })).status).to.equal(200);
    await changeProjectSettings(server.runtime, c.projectId, { identityLinking: 'off' }, testContext());
    // A shadow user in B threatens to leave: the health worker records its band on the stream of its
    // email; it then merges into ivy (linking auto), whose erasure below erases that stream too.
    const ivyItem = (await (
      await server.request('/api/v1/feedback', {
        key: b.secretKey,
        method: 'POST',
        body: JSON.stringify({ text: 'We will switch to a competitor when our contract ends.', email: 'ivy@example.com' }),
      })
    ).json()) as { id: string };
    await waitForProcessed(server, b.secretKey, ivyItem.id);
    await expectEventually(
      async () =>
        expect((await server.runtime.store.readStream(userStream(b.projectId, 'ivy@example.com'))).map((e) => e.type)).to.include('UserHealthChanged'),
      { timeoutMs: 60_000, intervalMs: 100 },
    );
    expect((await identify(b.secretKey, 'ivy', { email: 'ivy@example.com' })).status).to.equal(200);
    // User erasures (spec 4.7): carl (identified only) in A, ben (one item) and ivy (a merged shadow user) in B; the request's status outlives them.
    for (const [key, userId] of [
      [a.secretKey, 'carl'],
      [b.secretKey, 'ben'],
      [b.secretKey, 'ivy'],
    ] as const) {
      const { requestId } = (await (await server.request(`/api/v1/users/${userId}`, { key, method: 'DELETE' })).json()) as { requestId: string };
      await expectEventually(
        async () =>
          expect(((await (await server.request(`/api/v1/users/deletions/${requestId}`, { key })).json()) as { status: string }).status).to.equal('completed'),
        { timeoutMs: 60_000, intervalMs: 100 },
      );
    }
    // Transcripts: one queued, one skipped at intake, one repeat.
    for (const [key, body] of [
      [a.secretKey, callBody('call-1', { started_at: '2026-01-01T10:00:00Z', title: 'Sync with Dana Okafor' })],
      [b.secretKey, callBody('call-1', { attendees: [] })],
      [a.secretKey, callBody('call-1')],
    ] as const) {
      expect((await postTranscript(server, key, body)).status).to.be.oneOf([200, 202]);
    }
    // Tracked questions: one kept (the worker embeds it and records its verdict), one untracked.
    const question = await trackQuestion(server.runtime, { projectId: a.projectId, text: 'Are customers happy with exports?' }, testContext());
    const dropped = await trackQuestion(server.runtime, { projectId: a.projectId, text: 'Do users like dark mode?', about: 'dark mode' }, testContext());
    await untrackQuestion(server.runtime, { projectId: a.projectId, questionId: dropped.questionId }, testContext());
    for (let i = 0; i < 200; i++) {
      const embedded = await server.runtime.db.query(`SELECT 1 FROM tracked_questions WHERE question_id = $1 AND embedding IS NOT NULL`, [question.questionId]);
      if (embedded.rowCount === 1) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });
  after(() => server.close());

  it('every event in the log names its actor and correlation (metadata on every append)', async () => {
    const bare = await server.runtime.db.query<{ type: string }>(
      `SELECT DISTINCT type FROM events WHERE NOT (metadata ? 'actor' AND metadata ? 'correlationId' AND metadata ? 'causationId')`,
    );
    expect(bare.rows).to.deep.equal([]);
    const types = await server.runtime.db.query<{ n: string }>(`SELECT count(DISTINCT type) AS n FROM events`);
    expect(Number(types.rows[0].n)).to.be.greaterThan(8);
  });

  it('the scenario holds the hand edits of themes', async () => {
    const types = await server.runtime.db.query<{ type: string }>(`SELECT DISTINCT type FROM events ORDER BY type`);
    expect(types.rows.map((row) => row.type)).to.include.members([
      'ClusterRenamed',
      'ClusterSplit',
      'FeedbackMoved',
      'ClusterMerged',
      'ClusterDefined',
      'ClusterDefinitionChanged',
    ]);
  });

  it("rebuilding every projector from the log gives the same read models; the reactors' work tables are untouched", async () => {
    const { db, engine } = server.runtime;
    const tables = [
      'projects',
      'project_origins',
      'api_keys',
      'feedback_items',
      'feedback_embeddings',
      'clusters',
      'cluster_members',
      'users',
      'user_value_marks',
      'user_feedback',
      'user_erasures',
      'user_aliases',
      'user_linking',
      'identity_suggestions',
      'user_band_history',
      'transcripts',
      'tracked_questions',
      'analysis_jobs',
      'clustering_jobs',
      'erasure_jobs',
    ];
    const live = Object.fromEntries(await Promise.all(tables.map(async (t) => [t, await snapshotTable(db, t)])));
    expect(live.feedback_items).to.have.length(8); // 10 submitted; one deleted, one erased with ben in B
    expect(live.clusters.length).to.be.greaterThan(0);
    expect(live.clusters.some((row: string) => row.includes('"status":"resolved"'))).to.equal(true);
    expect(live.clusters.some((row: string) => row.includes('"origin":"defined"') && row.includes('"parent_id":"cl_'))).to.equal(true);
    expect(live.cluster_members.some((row: string) => row.includes('"placed_by_hand":true'))).to.equal(true);
    // The billing item threatens to leave: its flag and its theme's count are rebuilt too.
    expect(live.feedback_items.filter((row: string) => row.includes('"churn_risk":true'))).to.have.length(1);
    expect(live.clusters.some((row: string) => row.includes('"churn_risk_count":1'))).to.equal(true);
    expect(live.api_keys).to.have.length(6);
    // ana, ben, dora and the shadow dora@example.com in A (linking suggest: not merged), fay (merged on confirmation), gus and
    // his shadow (rejected); ana and eva in B (carl in A and ben in B erased); hana and her shadow in C
    expect(live.users).to.have.length(11);
    expect(live.user_value_marks).to.have.length(1);
    expect(live.user_feedback).to.have.length(8);
    expect(live.user_aliases).to.have.length(5);
    expect(live.identity_suggestions).to.have.length(4);
    expect(live.identity_suggestions.join('\n'))
      .to.include('"status":"confirmed"')
      .and.include('"status":"rejected"')
      .and.include('"status":"open"')
      .and.include('"status":"dismissed"');
    expect(live.user_erasures).to.have.length(3);
    const ivyStreams = await db.query(`SELECT 1 FROM events WHERE data::text LIKE '%ivy@example.com%'`);
    expect(ivyStreams.rowCount, 'the merged shadow user’s band change is erased with ivy').to.equal(0);
    expect(live.transcripts).to.have.length(2);
    expect(live.tracked_questions).to.have.length(1);
    expect(live.tracked_questions[0]).to.include('"embedding_model":"use-lite-512"');

    await engine.stop();
    await engine.reset(engine.projectorNames);
    expect(await snapshotTable(db, 'feedback_items')).to.have.length(0);
    await engine.catchUp();

    for (const table of tables) {
      const rebuilt = await snapshotTable(db, table);
      if (JSON.stringify(rebuilt) !== JSON.stringify(live[table])) console.log(table, '\nLIVE', live[table], '\nREBUILT', rebuilt);
      expect(rebuilt, table).to.deep.equal(live[table]);
    }
  });
});
