import { expect } from 'chai';
import { CtfidfLabeler } from '../../src/analysis/labels/ctfidf-labeler.js';
import { reclusterProject } from '../../src/work/clustering/recluster.js';
import { moveMatchingItems } from '../../commands/move-into-defined-themes/handler.js';
import { testContext } from '../support/test-context.js';
import { expectEventually } from '../support/eventually.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { LOGIN_PHRASINGS, submit, waitForCluster, waitForClusteringIdle } from '../support/clusters.js';
import { expectInvalidField, readJson, type TestProject } from '../support/http.js';

const BILLING = [
  'Where can I download the invoice for last month?',
  'The invoice shows the wrong company address.',
  'I was charged twice for my subscription this month.',
];
const REFUND = 'I asked for my money back two weeks ago and nothing happened, please process the refund.';
const HAND_MOVED = 'My invoice PDF is blank when I open it.';

describe('defined themes: a person steers the taxonomy (POST /clusters, PATCH keywords)', function () {
  this.timeout(240_000);
  let server: TestServer;
  let project: TestProject;
  let other: TestProject;
  let otherTheme: string;
  const billingIds: string[] = [];
  let refundId: string;
  let handMovedId: string;
  let login: string;
  let billing: string;

  const send = (method: string, path: string, body: unknown, key = project.secretKey) =>
    server.request(path, { method, key, body: typeof body === 'string' ? body : JSON.stringify(body) });
  const get = async (path: string, key = project.secretKey) => {
    const response = await server.request(path, { key });
    expect(response.status, path).to.equal(200);
    return readJson(response);
  };
  const itemCluster = async (id: string) => (await get(`/api/v1/feedback/${id}`)).clusterId;
  const events = async (stream: string) => server.runtime.store.readStream(stream);

  before(async () => {
    server = await startTestServer({ analyzer: 'offline' }); // keywords matched in the language the real analyzer detects;
    project = await server.createProject({ name: 'Steering' });
    other = await server.createProject({ name: 'Someone else' });
    const loginIds: string[] = [];
    for (const [i, text] of LOGIN_PHRASINGS.slice(0, 3).entries()) loginIds.push(await submit(server, project, { text, userId: `login-${i}` }));
    for (const [i, text] of BILLING.entries()) billingIds.push(await submit(server, project, { text, userId: `billing-${i}` }));
    refundId = await submit(server, project, { text: REFUND });
    handMovedId = await submit(server, project, { text: HAND_MOVED });
    for (const id of [...loginIds, ...billingIds, refundId, handMovedId]) await waitForCluster(server, project, id);
    login = await itemCluster(loginIds[0]);
    await waitForClusteringIdle(server, project.projectId);
    // A person put this billing item among the login reports: no definition may take it back.
    if ((await itemCluster(handMovedId)) !== login)
      expect((await send('POST', `/api/v1/feedback/${handMovedId}/cluster`, { clusterId: login })).status).to.equal(200);
    const handMove = (await events(`feedback-${handMovedId}`)).find((e) => e.type === 'FeedbackMoved');
    expect(handMove?.data, 'the item was placed by a person').to.include({ clusterId: login, reason: 'move' });
    otherTheme = await waitForCluster(server, other, await submit(server, other, { text: BILLING[0] }));
  });
  after(() => server.close());

  it('defines a theme: 201 with origin, keywords and a redacted description; ClusterCreated + ClusterDefined', async () => {
    const response = await send('POST', '/api/v1/clusters', {
      label: ' Billing ',
      keywords: ['Invoice', 'charged  twice'],
      description: 'Money matters (ask jane.doe@example.com)',
    });
    expect(response.status).to.equal(201);
    const theme = await readJson(response);
    billing = theme.id;
    expect(theme).to.include({ label: 'Billing', origin: 'defined', parentId: null, size: 0, childCount: 0 });
    expect(theme.keywords).to.deep.equal(['invoice', 'charged twice']);
    expect(theme.description).to.match(/^Money matters \(ask /);
    expect(theme.description).to.not.include('jane.doe');
    const recorded = await events(`cluster-${billing}`);
    expect(recorded.map((e) => e.type)).to.deep.equal(['ClusterCreated', 'ClusterDefined']);
    expect(recorded[0].data).to.include({ model: 'use-lite-512' });
    expect(JSON.stringify(recorded.map((e) => e.data))).to.not.include('jane.doe');
  });

  it('moves the existing items that match into it within the wait, as FeedbackMoved (reason defined); a hand-moved item stays', async () => {
    await expectEventually(
      async () => {
        for (const id of billingIds) expect(await itemCluster(id), id).to.equal(billing);
      },
      { timeoutMs: 60_000, intervalMs: 200 },
    );
    const moved = (await events(`feedback-${billingIds[0]}`)).find((e) => e.type === 'FeedbackMoved');
    expect(moved?.data).to.include({ clusterId: billing, reason: 'defined' });
    expect(await itemCluster(handMovedId)).to.equal(login);
    expect(await itemCluster(refundId), 'no keyword of the theme yet').to.not.equal(billing);
    await waitForClusteringIdle(server, project.projectId);
    // A repeat of the pass moves nothing more.
    expect(await moveMatchingItems(server.runtime, project.projectId, testContext())).to.equal(0);
  });

  it('a new item that names a keyword joins the defined theme, also in Spanish and German through the translations', async () => {
    for (const [text, language] of [
      ['Another question about the invoice address.', 'en'],
      ['No encuentro la factura de este mes en mi cuenta, ¿dónde está?', 'es'],
      ['Ich finde die Rechnung für diesen Monat nicht in meinem Konto.', 'de'],
    ]) {
      const id = await submit(server, project, { text });
      await waitForCluster(server, project, id);
      const item = await get(`/api/v1/feedback/${id}`);
      expect(item.language, text).to.equal(language);
      expect(item.clusterId, text).to.equal(billing);
    }
  });

  it('matches by the meaning of the definition before the theme has members: an item that names no keyword joins, existing ones move in', async () => {
    const steered = await server.createProject({ name: 'Steered by meaning' });
    const before = await submit(server, steered, { text: 'Please give us a night theme with a black background, the bright white screen hurts my eyes.' });
    const unrelated = await submit(server, steered, { text: 'The invoice shows the wrong company address.' });
    for (const id of [before, unrelated]) await waitForCluster(server, steered, id);
    const defined = await server.request('/api/v1/clusters', {
      method: 'POST',
      key: steered.secretKey,
      body: JSON.stringify({
        label: 'Dark mode',
        keywords: ['dark mode'],
        description: 'A dark theme for the app: night colours, a black background, less glare on the eyes at night.',
      }),
    });
    expect(defined.status).to.equal(201);
    const darkMode = (await readJson(defined)).id;
    const clusterOf = async (id: string) => (await get(`/api/v1/feedback/${id}`, steered.secretKey)).clusterId;
    await expectEventually(async () => expect(await clusterOf(before), 'an existing item, by meaning').to.equal(darkMode));
    const after = await submit(server, steered, { text: 'Is there a night theme? Black background with light text would be so much easier on the eyes.' });
    await waitForCluster(server, steered, after);
    expect(await clusterOf(after), 'a new item, by meaning').to.equal(darkMode);
    expect(await clusterOf(unrelated), 'an unrelated item stays out').to.not.equal(darkMode);
  });

  it('PATCH keywords: the new keyword brings its items in; the theme lists its keywords', async () => {
    const response = await send('PATCH', `/api/v1/clusters/${billing}`, { keywords: ['invoice', 'charged twice', 'refund'] });
    expect(response.status).to.equal(200);
    expect((await readJson(response)).keywords).to.deep.equal(['invoice', 'charged twice', 'refund']);
    expect((await events(`cluster-${billing}`)).map((e) => e.type)).to.include('ClusterDefinitionChanged');
    await expectEventually(async () => expect(await itemCluster(refundId)).to.equal(billing), { timeoutMs: 60_000, intervalMs: 200 });
    expect(await itemCluster(handMovedId)).to.equal(login);
  });

  it('GET /clusters shows origin and keywords; a child filed under the theme is listed by parentId and rolled up', async () => {
    const list = await get('/api/v1/clusters');
    const defined = list.clusters.find((c: { id: string }) => c.id === billing);
    expect(defined).to.include({ origin: 'defined' });
    expect(defined.keywords).to.include('refund');
    expect(list.clusters.find((c: { id: string }) => c.id === login)).to.deep.include({ origin: 'discovered', keywords: [], parentId: null });

    const child = await readJson(await send('POST', '/api/v1/clusters', { label: 'Refunds', keywords: ['money back'], parentId: billing }));
    expect(child.parentId).to.equal(billing);
    const children = await get(`/api/v1/clusters?parentId=${billing}`);
    expect(children.clusters.map((c: { id: string }) => c.id)).to.deep.equal([child.id]);
    await waitForClusteringIdle(server, project.projectId);
    await expectEventually(async () => {
      const parent = (await get(`/api/v1/clusters/${billing}`)).cluster;
      const kid = (await get(`/api/v1/clusters/${child.id}`)).cluster;
      expect(parent.childCount).to.equal(1);
      expect(parent.rollup.size).to.equal(parent.size + kid.size);
    });
    // Two levels only.
    await expectInvalidField(await send('POST', '/api/v1/clusters', { label: 'Deeper', keywords: ['x'], parentId: child.id }), 'parentId');
    await expectInvalidField(await send('PATCH', `/api/v1/clusters/${billing}`, { parentId: login }), 'parentId');
    // null takes the child out.
    expect((await readJson(await send('PATCH', `/api/v1/clusters/${child.id}`, { parentId: null }))).parentId).to.equal(null);
    expect((await get(`/api/v1/clusters?parentId=${billing}`)).clusters).to.deep.equal([]);
  });

  it('refuses bad definitions with a 400 naming the field, recording nothing', async () => {
    const count = async () => Number((await server.runtime.db.query(`SELECT count(*) AS n FROM events WHERE type = 'ClusterDefined'`)).rows[0].n);
    const before = await count();
    const ok = { label: 'Exports', keywords: ['export'] };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...ok, label: '   ' }, 'label'],
      [{ ...ok, label: undefined }, 'label'],
      [{ ...ok, keywords: [] }, 'keywords'],
      [{ ...ok, keywords: Array.from({ length: 51 }, (_, i) => `k${i}`) }, 'keywords'],
      [{ ...ok, keywords: ['x'.repeat(101)] }, 'keywords.0'],
      [{ ...ok, keywords: ['ok', 7] }, 'keywords.1'],
      [{ ...ok, keywords: ['Export', ' export '] }, 'keywords[1]'],
      [{ ...ok, description: 'x'.repeat(1001) }, 'description'],
      [{ ...ok, parentId: 'cl_nope' }, 'parentId'],
      [{ ...ok, parentId: otherTheme }, 'parentId'],
      [{ ...ok, label: 'Ex\u0000ports' }, 'label'],
      [{ ...ok, keywords: ['ex\ud800port'] }, 'keywords.0'],
      [{ ...ok, keywords: [['nested']] }, 'keywords.0'],
      [{ ...ok, description: 'About\u0000 exports' }, 'description'],
      [{ ...ok, parentId: 'cl_\udfff' }, 'parentId'],
    ];
    for (const [body, field] of cases) await expectInvalidField(await send('POST', '/api/v1/clusters', body), field);
    await expectInvalidField(await send('PATCH', `/api/v1/clusters/${billing}`, { keywords: ['a', 'A'], label: 'Renamed' }), 'keywords[1]');
    expect(await count()).to.equal(before);
    expect((await get(`/api/v1/clusters/${billing}`)).cluster.label).to.equal('Billing');
  });

  it('a widget key is refused; another project’s theme is 404', async () => {
    expect((await send('POST', '/api/v1/clusters', { label: 'x', keywords: ['x'] }, project.widgetKey)).status).to.equal(401);
    expect((await send('PATCH', `/api/v1/clusters/${billing}`, { keywords: ['x'] }, project.widgetKey)).status).to.equal(401);
    expect((await send('PATCH', `/api/v1/clusters/${billing}`, { keywords: ['x'] }, other.secretKey)).status).to.equal(404);
    expect((await send('PATCH', `/api/v1/clusters/${otherTheme}`, { keywords: ['x'] })).status).to.equal(404);
  });

  it('is never merged away or relabelled automatically', async () => {
    await reclusterProject(server.runtime, new CtfidfLabeler(), project.projectId);
    const theme = (await get(`/api/v1/clusters/${billing}`)).cluster;
    expect(theme).to.include({ id: billing, label: 'Billing', origin: 'defined' });
    const row = await server.runtime.db.query(`SELECT hand_shaped, merged_into FROM clusters WHERE cluster_id = $1`, [billing]);
    expect(row.rows[0]).to.deep.equal({ hand_shaped: true, merged_into: null });
  });

  it('suggests discovered themes no defined theme covers, and accepting one makes it defined', async () => {
    const { suggestions } = await get('/api/v1/clusters/suggestions');
    const suggestion = suggestions.find((s: { id: string }) => s.id === login);
    expect(suggestion, JSON.stringify(suggestions)).to.not.equal(undefined);
    expect(suggestion.keywords).to.not.be.empty;
    expect(suggestion.recentSize).to.be.at.least(2);
    expect(suggestion.sampleFeedbackIds).to.have.length.within(1, 3);
    expect(suggestions.map((s: { id: string }) => s.id)).to.not.include(billing);
    expect((await server.request('/api/v1/clusters/suggestions', { key: project.widgetKey })).status).to.equal(401);

    const accepted = await send('POST', `/api/v1/clusters/suggestions/${login}/accept`, { label: 'Sign-in' });
    expect(accepted.status).to.equal(200);
    expect(await readJson(accepted)).to.deep.include({ id: login, label: 'Sign-in', origin: 'defined', keywords: suggestion.keywords });
    expect((await get('/api/v1/clusters/suggestions')).suggestions.map((s: { id: string }) => s.id)).to.not.include(login);
    expect((await send('POST', `/api/v1/clusters/suggestions/${billing}/accept`, {})).status).to.equal(404);
    expect((await send('POST', `/api/v1/clusters/suggestions/${login}/accept`, {}, other.secretKey)).status).to.equal(404);
    expect(await itemCluster(handMovedId), 'still where the person put it').to.equal(login);
  });
});
