import { expect } from 'chai';
import { CtfidfLabeler } from '../../src/analysis/labels/ctfidf-labeler.js';
import { reclusterProject } from '../../src/work/clustering/recluster.js';
import { expectRebuildEqualsLive, snapshotTable } from '../support/table-snapshot.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { LOGIN_PHRASINGS, submit, waitForCluster, waitForClusteringIdle } from '../support/clusters.js';
import { expectInvalidField, expectProblem, readJson, type TestProject } from '../support/http.js';

const LOGIN = LOGIN_PHRASINGS.slice(0, 4);
const DARK_MODE = ['Please add a dark mode, the white background hurts my eyes at night.', 'Would love a dark theme option.'];

describe('editing themes by hand: rename, move, split, merge', function () {
  this.timeout(180_000);
  let server: TestServer;
  let project: TestProject;
  let other: TestProject;
  let otherCluster: string;
  const loginIds: string[] = [];
  const darkIds: string[] = [];
  let login: string;
  let dark: string;
  let split: string;

  const send = (method: string, path: string, body: unknown, key = project.secretKey) =>
    server.request(path, { method, key, body: typeof body === 'string' ? body : JSON.stringify(body) });
  const get = async (path: string) => {
    const response = await server.request(path, { key: project.secretKey });
    expect(response.status, path).to.equal(200);
    return readJson(response);
  };
  const cluster = async (id: string) => (await get(`/api/v1/clusters/${id}`)).cluster;
  const itemCluster = async (id: string) => (await get(`/api/v1/feedback/${id}`)).clusterId;
  const streamTypes = async (stream: string) => (await server.runtime.store.readStream(stream)).map((e) => e.type);
  const settle = () => waitForClusteringIdle(server, project.projectId);

  /** Each theme's centre is the sum of its members' vectors, and its size their number. */
  async function expectCentresAndSizesRight() {
    const rows = await server.runtime.db.query<{ cluster_id: string; size: number; members: number; off: number | null }>(
      `SELECT c.cluster_id, c.size, (SELECT count(*)::int FROM cluster_members m WHERE m.cluster_id = c.cluster_id) AS members,
              c.centroid <-> (SELECT sum(m.embedding) FROM cluster_members m WHERE m.cluster_id = c.cluster_id) AS off
         FROM clusters c WHERE c.project_id = $1`,
      [project.projectId],
    );
    for (const row of rows.rows) {
      expect(row.size, row.cluster_id).to.equal(row.members);
      if (row.members > 0) expect(Number(row.off), row.cluster_id).to.be.below(1e-3);
    }
  }

  before(async () => {
    server = await startTestServer();
    project = await server.createProject({ name: 'Editing' });
    other = await server.createProject({ name: 'Someone else' });
    for (const [i, text] of LOGIN.entries()) loginIds.push(await submit(server, project, { text, userId: `login-${i}` }));
    for (const [i, text] of DARK_MODE.entries()) darkIds.push(await submit(server, project, { text, userId: `dark-${i}` }));
    const loginThemes = new Set<string>();
    const darkThemes = new Set<string>();
    for (const id of loginIds) loginThemes.add(await waitForCluster(server, project, id));
    for (const id of darkIds) darkThemes.add(await waitForCluster(server, project, id));
    expect(loginThemes.size).to.equal(1);
    expect(darkThemes.size).to.equal(1);
    [login] = loginThemes;
    [dark] = darkThemes;
    otherCluster = await waitForCluster(server, other, await submit(server, other, { text: DARK_MODE[0] }));
    await settle();
  });
  after(() => server.close());

  describe('rename (PATCH label)', () => {
    it('renames the theme, recorded as ClusterRenamed', async () => {
      const response = await send('PATCH', `/api/v1/clusters/${login}`, { label: '  Sign-in problems ' });
      expect(response.status).to.equal(200);
      expect(await readJson(response)).to.include({ id: login, label: 'Sign-in problems' });
      expect(await streamTypes(`cluster-${login}`)).to.include('ClusterRenamed');
      expect((await cluster(login)).label).to.equal('Sign-in problems');
    });

    it('the same label again records nothing; label and status can be sent together', async () => {
      const before = (await streamTypes(`cluster-${login}`)).length;
      expect((await send('PATCH', `/api/v1/clusters/${login}`, { label: 'Sign-in problems' })).status).to.equal(200);
      expect(await streamTypes(`cluster-${login}`)).to.have.length(before);
      const both = await readJson(await send('PATCH', `/api/v1/clusters/${dark}`, { label: 'Dark mode', status: 'active' }));
      expect(both).to.include({ label: 'Dark mode', status: 'active' });
    });

    it('the manual label survives automatic relabelling: growth, a deletion of one of its items, the periodic pass', async () => {
      const more = await submit(server, project, { text: LOGIN_PHRASINGS[4] });
      expect(await waitForCluster(server, project, more)).to.equal(login);
      await settle();
      expect((await cluster(login)).size).to.equal(5, 'a size at which the theme is relabelled automatically');
      expect((await cluster(login)).label).to.equal('Sign-in problems');
      expect((await send('DELETE', `/api/v1/feedback/${more}`, undefined)).status).to.equal(204);
      const labelEvents = await server.runtime.db.query(`SELECT label_generation FROM clusters WHERE cluster_id = $1`, [login]);
      expect(labelEvents.rows[0].label_generation, 'the deletion still renewed the automatic generation').to.be.at.least(1);
      await reclusterProject(server.runtime, new CtfidfLabeler(), project.projectId);
      expect((await cluster(login)).label).to.equal('Sign-in problems');
    });

    it('personal data typed into a label is redacted', async () => {
      const response = await send('PATCH', `/api/v1/clusters/${dark}`, { label: 'Dark mode (ask jane.doe@example.com)' });
      expect(response.status).to.equal(200);
      const { label } = await readJson(response);
      expect(label).to.not.include('jane.doe@example.com');
      expect(label).to.match(/^Dark mode \(ask /);
      const renamed = (await server.runtime.store.readStream(`cluster-${dark}`)).filter((e) => e.type === 'ClusterRenamed');
      expect(JSON.stringify(renamed.map((e) => e.data))).to.not.include('jane.doe');
      await send('PATCH', `/api/v1/clusters/${dark}`, { label: 'Dark mode' });
    });

    it('refuses hostile labels with a 400 naming `label`, changing nothing', async () => {
      const before = await streamTypes(`cluster-${login}`);
      for (const label of ['', '   ', 'x'.repeat(81), 'two\nlines', 'tab\there', 'nul\u0000', 'half \ud83d', 42, null]) {
        await expectInvalidField(await send('PATCH', `/api/v1/clusters/${login}`, { label }), 'label');
      }
      await expectProblem(await send('PATCH', `/api/v1/clusters/${login}`, {}), 400, 'invalid-request');
      expect(await streamTypes(`cluster-${login}`)).to.deep.equal(before);
      expect((await cluster(login)).label).to.equal('Sign-in problems');
    });

    it("another project's theme is 404; a widget key is 401", async () => {
      await expectProblem(await send('PATCH', `/api/v1/clusters/${otherCluster}`, { label: 'Mine now' }), 404, 'not-found');
      expect((await send('PATCH', `/api/v1/clusters/${login}`, { label: 'x' }, project.widgetKey)).status).to.equal(401);
    });
  });

  describe('move an item (POST /feedback/{id}/cluster)', () => {
    const generation = async (id: string) =>
      (await server.runtime.db.query<{ label_generation: number }>(`SELECT label_generation FROM clusters WHERE cluster_id = $1`, [id])).rows[0]
        .label_generation;

    it('moves the item: FeedbackMoved, both themes’ counts and centres follow', async () => {
      const [loginBefore, darkBefore] = [await cluster(login), await cluster(dark)];
      const darkGeneration = await generation(dark);
      const response = await send('POST', `/api/v1/feedback/${darkIds[1]}/cluster`, { clusterId: login });
      expect(response.status).to.equal(200);
      expect(await readJson(response)).to.include({ id: login, size: loginBefore.size + 1 });
      expect((await cluster(dark)).size).to.equal(darkBefore.size - 1);
      expect(await itemCluster(darkIds[1])).to.equal(login);
      expect(await streamTypes(`feedback-${darkIds[1]}`)).to.include('FeedbackMoved');
      expect((await get(`/api/v1/feedback?cluster=${login}`)).items.map((i: any) => i.id)).to.include(darkIds[1]);
      await expectCentresAndSizesRight();
      expect(await generation(dark), 'the theme left gets a label generation without the item (the old one erased)').to.equal(darkGeneration + 1);
      expect((await cluster(dark)).label, 'a manual label stays').to.equal('Dark mode');
    });

    it('moving it to the theme it is in records nothing', async () => {
      const before = await streamTypes(`feedback-${darkIds[1]}`);
      expect((await send('POST', `/api/v1/feedback/${darkIds[1]}/cluster`, { clusterId: login })).status).to.equal(200);
      expect(await streamTypes(`feedback-${darkIds[1]}`)).to.deep.equal(before);
    });

    it('later automatic grouping respects the move: new items and the periodic pass leave it where it was put', async () => {
      const more = await submit(server, project, { text: 'Dark theme please, my eyes hurt at night with the white background.' });
      expect(await waitForCluster(server, project, more)).to.equal(dark);
      await settle();
      await reclusterProject(server.runtime, new CtfidfLabeler(), project.projectId);
      expect(await itemCluster(darkIds[1])).to.equal(login);
      darkIds.push(more);
    });

    it('refuses unknown items, other projects, and bad bodies', async () => {
      await expectProblem(await send('POST', `/api/v1/feedback/fb_nope/cluster`, { clusterId: login }), 404, 'not-found');
      await expectProblem(await send('POST', `/api/v1/feedback/${darkIds[0]}/cluster`, { clusterId: otherCluster }), 404, 'not-found');
      await expectProblem(await send('POST', `/api/v1/feedback/${darkIds[0]}/cluster`, { clusterId: 'cl_nope' }), 404, 'not-found');
      for (const clusterId of ['', 'x'.repeat(101), 7, null, 'a\u0000']) {
        await expectInvalidField(await send('POST', `/api/v1/feedback/${darkIds[0]}/cluster`, { clusterId }), 'clusterId');
      }
      await expectInvalidField(await send('POST', `/api/v1/feedback/${darkIds[0]}/cluster`, { clusterId: login, extra: 1 }), 'extra');
      expect(await itemCluster(darkIds[0])).to.equal(dark);
    });
  });

  describe('split (POST /clusters/{id}/split)', () => {
    it('refuses items not in the theme (400 naming each), a split taking every item (409), and bad bodies', async () => {
      const before = await cluster(login);
      await expectInvalidField(await send('POST', `/api/v1/clusters/${login}/split`, { feedbackIds: [loginIds[0], darkIds[0]] }), 'feedbackIds[1]');
      const all = (await get(`/api/v1/feedback?cluster=${login}`)).items.map((i: any) => i.id);
      await expectProblem(await send('POST', `/api/v1/clusters/${login}/split`, { feedbackIds: all }), 409, 'conflict');
      await expectInvalidField(await send('POST', `/api/v1/clusters/${login}/split`, { feedbackIds: [] }), 'feedbackIds');
      await expectInvalidField(await send('POST', `/api/v1/clusters/${login}/split`, { feedbackIds: [loginIds[0], loginIds[0]] }), 'feedbackIds');
      await expectInvalidField(await send('POST', `/api/v1/clusters/${login}/split`, { feedbackIds: [loginIds[0]], label: '\u0007' }), 'label');
      await expectProblem(await send('POST', `/api/v1/clusters/${otherCluster}/split`, { feedbackIds: [loginIds[0]] }), 404, 'not-found');
      expect(await cluster(login)).to.deep.equal(before);
    });

    it('splits two items off into a new named theme: ClusterCreated + ClusterSplit, then FeedbackMoved for each', async () => {
      const before = await cluster(login);
      const response = await send('POST', `/api/v1/clusters/${login}/split`, { feedbackIds: [loginIds[2], loginIds[3]], label: 'Password refused' });
      expect(response.status).to.equal(201);
      const created = await readJson(response);
      split = created.id;
      expect(created).to.include({ label: 'Password refused', size: 2, status: 'active' });
      expect(await streamTypes(`cluster-${split}`)).to.deep.equal(['ClusterCreated', 'ClusterSplit', 'ClusterRenamed']);
      expect((await cluster(login)).size).to.equal(before.size - 2);
      for (const id of [loginIds[2], loginIds[3]]) expect(await itemCluster(id)).to.equal(split);
      await expectCentresAndSizesRight();
    });

    it('the same request again (in any order) changes nothing and answers the same theme', async () => {
      const before = await snapshotTable(server.runtime.db, 'cluster_members');
      const again = await send('POST', `/api/v1/clusters/${login}/split`, { feedbackIds: [loginIds[3], loginIds[2]], label: 'Password refused' });
      expect(again.status).to.equal(201);
      expect((await readJson(again)).id).to.equal(split);
      expect(await snapshotTable(server.runtime.db, 'cluster_members')).to.deep.equal(before);
      expect(await streamTypes(`cluster-${split}`)).to.deep.equal(['ClusterCreated', 'ClusterSplit', 'ClusterRenamed']);
    });

    it('is not undone by automatic regrouping: a theme a person shaped takes part in no automatic merge', async () => {
      await reclusterProject(server.runtime, new CtfidfLabeler(), project.projectId);
      expect(await cluster(split)).to.include({ id: split, size: 2 });
      // and the next item like it (it may join the split theme) settles merges without folding the split theme away
      const next = await submit(server, project, { text: LOGIN_PHRASINGS[5] });
      await waitForCluster(server, project, next);
      expect(await streamTypes(`cluster-${split}`)).to.not.include('ClusterMerged');
      for (const id of [loginIds[2], loginIds[3]]) expect(await itemCluster(id)).to.equal(split);
      expect((await send('DELETE', `/api/v1/feedback/${next}`, '')).status).to.equal(204);
    });

    it('without a label the new theme is labelled automatically', async () => {
      const response = await send('POST', `/api/v1/clusters/${login}/split`, { feedbackIds: [darkIds[1]] });
      expect(response.status).to.equal(201);
      const created = await readJson(response);
      expect(created.label).to.be.a('string').and.not.equal('');
      expect(await streamTypes(`cluster-${created.id}`)).to.not.include('ClusterRenamed');
      // back where it was, for the merge below
      expect((await send('POST', `/api/v1/feedback/${darkIds[1]}/cluster`, { clusterId: dark })).status).to.equal(200);
      expect((await cluster(created.id)).size).to.equal(0);
    });
  });

  describe('merge (POST /clusters/{id}/merge)', () => {
    it('refuses merging into itself, into a theme of another project or none, and bad bodies', async () => {
      await expectProblem(await send('POST', `/api/v1/clusters/${split}/merge`, { into: split }), 409, 'conflict');
      await expectProblem(await send('POST', `/api/v1/clusters/${split}/merge`, { into: otherCluster }), 404, 'not-found');
      await expectProblem(await send('POST', `/api/v1/clusters/${split}/merge`, { into: 'cl_nope' }), 404, 'not-found');
      await expectProblem(await send('POST', `/api/v1/clusters/${otherCluster}/merge`, { into: login }), 404, 'not-found');
      for (const into of ['', 'x'.repeat(101), [], null]) await expectInvalidField(await send('POST', `/api/v1/clusters/${split}/merge`, { into }), 'into');
    });

    it('folds the theme into another: ClusterMerged (manual), counts and centres add up, the old id resolves', async () => {
      const [from, into] = [await cluster(split), await cluster(login)];
      const response = await send('POST', `/api/v1/clusters/${split}/merge`, { into: login });
      expect(response.status).to.equal(200);
      const merged = await readJson(response);
      expect(merged).to.include({ id: login, size: from.size + into.size, label: 'Sign-in problems' });
      const events = (await server.runtime.store.readStream(`cluster-${split}`)).filter((e) => e.type === 'ClusterMerged');
      expect(events.map((e) => e.data)).to.deep.equal([{ clusterId: split, projectId: project.projectId, at: events[0].data.at, into: login, manual: true }]);
      expect((await cluster(split)).id).to.equal(login);
      for (const id of loginIds.slice(0, 4)) expect(await itemCluster(id)).to.equal(login);
      await expectCentresAndSizesRight();
    });

    it('merging into a theme that was merged away is 409', async () => {
      await expectProblem(await send('POST', `/api/v1/clusters/${dark}/merge`, { into: split }), 409, 'conflict');
    });
  });

  it('a full replay reproduces the clusters, cluster_members and feedback_items tables exactly', async () => {
    await settle();
    await expectRebuildEqualsLive(server.runtime, ['clusters', 'cluster_members', 'feedback_items']);
  });
});
