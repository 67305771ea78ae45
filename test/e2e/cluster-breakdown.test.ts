import { expect } from 'chai';
import { LOGIN_PHRASINGS, waitForClusteredItem } from '../support/clusters.js';
import { submitFeedback } from '../support/feedback.js';
import { expectInvalidField, expectProblem, readJson, type TestProject } from '../support/http.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { identifyRequest } from '../support/users.js';
import { changeProjectSettings } from '../../commands/change-project-settings/handler.js';
import { testContext } from '../support/test-context.js';

/** Segments: a theme broken down by a trait of its users (spec 4.5 rule 7) or by a metadata key (spec 4.1 `metadata`). */
describe('GET /api/v1/clusters/{id}?breakdown= (spec 4.5 rule 7, 4.1 metadata)', function () {
  this.timeout(120_000);
  let server: TestServer;
  let project: TestProject;
  const byCluster = new Map<string, { userId?: string; plan: string | null; region: string | null; sentiment: string }[]>();
  const MRR: Record<string, number | string> = { ann: 100, bob: '20.5' };

  before(async () => {
    server = await startTestServer();
    project = await server.createProject({ name: 'Breakdown' });
    await changeProjectSettings(server.runtime, project.projectId, { customerValueTrait: 'mrr' }, testContext());
    for (const [userId, plan] of [
      ['ann', 'pro'],
      ['bob', 'free'],
    ]) {
      const mrr = MRR[userId];
      expect((await identifyRequest(server, project.secretKey, { userId, traits: { plan, mrr } })).status).to.equal(200);
    }
    const people = [
      { userId: 'ann', plan: 'pro', region: 'eu' },
      { userId: 'ann', plan: 'pro', region: 'us' },
      { userId: 'bob', plan: 'free', region: 'eu' },
      { userId: undefined, plan: null, region: null },
    ];
    for (const [i, person] of people.entries()) {
      const metadata = person.region ? { region: person.region } : {};
      const id = await submitFeedback(server, project.secretKey, { text: LOGIN_PHRASINGS[i], userId: person.userId, metadata });
      const item = await waitForClusteredItem(server, project, id);
      byCluster.set(item.clusterId, [
        ...(byCluster.get(item.clusterId) ?? []),
        { userId: person.userId, plan: person.plan, region: person.region, sentiment: item.sentiment },
      ]);
    }
  });
  after(() => server.close());

  /** What the breakdown must say, computed from what was sent and how each item was analysed. */
  function expected(items: { plan: string | null; region: string | null; sentiment: string }[], field: 'plan' | 'region') {
    const counts = new Map<string | null, { value: string | null; count: number; positive: number; neutral: number; negative: number }>();
    for (const item of items) {
      const entry = counts.get(item[field]) ?? { value: item[field], count: 0, positive: 0, neutral: 0, negative: 0 };
      entry.count++;
      entry[item.sentiment as 'positive' | 'neutral' | 'negative']++;
      counts.set(item[field], entry);
    }
    return [...counts.values()].sort((a, b) => b.count - a.count || String(a.value ?? '\uffff').localeCompare(String(b.value ?? '\uffff')));
  }

  it("trait:plan counts each value of the users' trait with its sentiment mix; items of no user are null", async () => {
    for (const [clusterId, items] of byCluster) {
      const body = await readJson(await server.request(`/api/v1/clusters/${clusterId}?breakdown=trait:plan`, { key: project.secretKey }));
      expect(body.breakdown.by).to.equal('trait:plan');
      expect(body.breakdown.values).to.deep.equal(expected(items, 'plan'));
    }
  });

  it('meta:region counts the metadata values the same way', async () => {
    for (const [clusterId, items] of byCluster) {
      const body = await readJson(await server.request(`/api/v1/clusters/${clusterId}?breakdown=meta:region`, { key: project.secretKey }));
      expect(body.breakdown.values).to.deep.equal(expected(items, 'region'));
    }
  });

  it('2.4: rank=revenue ranks themes by the customer value of their distinct users, shown as revenue', async () => {
    const body = await readJson(await server.request('/api/v1/clusters?rank=revenue', { key: project.secretKey }));
    const revenues = body.clusters.map((cluster: { revenue: number }) => cluster.revenue);
    expect(revenues).to.deep.equal([...revenues].sort((a, b) => b - a));
    for (const [clusterId, items] of byCluster) {
      const users = new Set(items.flatMap((item) => (item.userId ? [item.userId] : [])));
      const revenue = [...users].reduce((sum, userId) => sum + Number(MRR[userId]), 0);
      expect(body.clusters.find((cluster: { id: string }) => cluster.id === clusterId)?.revenue, clusterId).to.equal(revenue);
    }
    const byVolume = await readJson(await server.request('/api/v1/clusters', { key: project.secretKey }));
    expect(byVolume.clusters[0]).not.to.have.property('revenue');
  });

  it('without breakdown the detail is as before; a bad breakdown is a 400 naming it; another project gets 404', async () => {
    const [clusterId] = byCluster.keys();
    expect(await readJson(await server.request(`/api/v1/clusters/${clusterId}`, { key: project.secretKey }))).to.have.all.keys('cluster', 'items');
    for (const bad of ['plan', 'segment:plan', 'trait:', `meta:${'k'.repeat(400)}`, 'trait:a%00b']) {
      await expectInvalidField(await server.request(`/api/v1/clusters/${clusterId}?breakdown=${bad}`, { key: project.secretKey }), 'breakdown');
    }
    // 2.4: the customer value is money, never a segment.
    await expectInvalidField(await server.request(`/api/v1/clusters/${clusterId}?breakdown=trait:mrr`, { key: project.secretKey }), 'breakdown');
    await expectInvalidField(await server.request('/api/v1/feedback?trait=plan:pro&trait=mrr:100', { key: project.secretKey }), 'trait');
    expect((await server.request(`/api/v1/clusters/${clusterId}?breakdown=meta:mrr`, { key: project.secretKey })).status).to.equal(200);
    const other = await server.createProject({ name: 'Breakdown other' });
    await expectProblem(await server.request(`/api/v1/clusters/${clusterId}?breakdown=trait:plan`, { key: other.secretKey }), 404, 'not-found');
  });
});
