import { testContext } from '../../support/test-context.js';
import { expect } from 'chai';
import { revokeApiKey } from '../../../commands/revoke-api-key/handler.js';
import { changeProjectSettings } from '../../../commands/change-project-settings/handler.js';
import { startTestServer, waitForProcessed, type TestServer } from '../../support/test-server.js';
import { snapshotTable } from '../../support/table-snapshot.js';
import { callBody, postTranscript } from '../../support/transcripts.js';

describe('replay equals live (feedbackctl reproject)', () => {
  let server: TestServer;

  before(async () => {
    server = await startTestServer();
    const a = await server.createProject({ name: 'A', origins: ['https://a.example'] });
    const b = await server.createProject({ name: 'B' });
    await changeProjectSettings(server.runtime, a.projectId, { identityLinking: 'suggest', customerValueTrait: 'mrr' }, testContext());
    const ids: string[] = [];
    for (const [i, text] of [
      'Export crashes on large files',
      'Please add dark mode',
      'Love the new dashboard',
      'How do I invite my team?',
      'Billing page is confusing',
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
    // Transcripts: one queued, one skipped at intake, one repeat.
    for (const [key, body] of [
      [a.secretKey, callBody('call-1', { started_at: '2026-01-01T10:00:00Z', title: 'Sync with Dana Okafor' })],
      [b.secretKey, callBody('call-1', { attendees: [] })],
      [a.secretKey, callBody('call-1')],
    ] as const) {
      expect((await postTranscript(server, key, body)).status).to.be.oneOf([200, 202]);
    }
  });
  after(() => server.close());

  it('every event in the log names its actor and correlation (issue 8: metadata on every append)', async () => {
    const bare = await server.runtime.db.query<{ type: string }>(
      `SELECT DISTINCT type FROM events WHERE NOT (metadata ? 'actor' AND metadata ? 'correlationId' AND metadata ? 'causationId')`,
    );
    expect(bare.rows).to.deep.equal([]);
    const types = await server.runtime.db.query<{ n: string }>(`SELECT count(DISTINCT type) AS n FROM events`);
    expect(Number(types.rows[0].n)).to.be.greaterThan(8);
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
      'transcripts',
      'analysis_jobs',
      'clustering_jobs',
      'erasure_jobs',
    ];
    const live = Object.fromEntries(await Promise.all(tables.map(async (t) => [t, await snapshotTable(db, t)])));
    expect(live.feedback_items).to.have.length(4);
    expect(live.clusters.length).to.be.greaterThan(0);
    expect(live.clusters.some((row: string) => row.includes('"status":"resolved"'))).to.equal(true);
    expect(live.api_keys).to.have.length(4);
    expect(live.users).to.have.length(5); // ana, ben and carl in A; ana and ben in B
    expect(live.user_value_marks).to.have.length(2);
    expect(live.user_feedback).to.have.length(4);
    expect(live.transcripts).to.have.length(2);

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
