import { expect } from 'chai';
import { changeProjectSettings } from '../../commands/change-project-settings/handler.js';
import { LOGIN_PHRASINGS, submit, waitForClusteredItem, waitForClusteringIdle } from '../support/clusters.js';
import { expectInvalidField, expectProblem, readJson, type TestProject } from '../support/http.js';
import { testContext } from '../support/test-context.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { identifyRequest } from '../support/users.js';

const DAY = 86_400_000;
/** The end of the test's period: a UTC midnight a few days back, so every item is well in the past. */
const TO = new Date(Math.floor(Date.now() / DAY) * DAY - 2 * DAY);
const at = (daysBeforeTo: number, hours = 12) => new Date(TO.getTime() - daysBeforeTo * DAY + hours * 3_600_000).toISOString();
const FROM = new Date(TO.getTime() - 7 * DAY);
const DARK_MODE = 'Please add a dark mode, the white background hurts my eyes at night.';

describe('trends: GET /api/v1/clusters/{id}/trend and GET /api/v1/trends', function () {
  this.timeout(120_000);
  let server: TestServer;
  let project: TestProject;
  let other: TestProject;
  let login: string;
  let dark: string;
  let otherTheme: string;

  before(async () => {
    server = await startTestServer();
    project = await server.createProject({ name: 'Trends' });
    other = await server.createProject({ name: 'Trends other' });
    await changeProjectSettings(server.runtime, project.projectId, { customerValueTrait: 'mrr' }, testContext());
    for (const [userId, mrr] of [
      ['ana', 100],
      ['ben', 40.5],
      ['cy', 7],
    ] as const) {
      expect((await identifyRequest(server, project.secretKey, { userId, traits: { mrr } })).status).to.equal(200);
    }
    // Login: two items on day -1 (ana twice: counted once in revenue), one on day -3 (ben), one in the week before (cy).
    const loginItems = [
      { text: LOGIN_PHRASINGS[0], userId: 'ana', createdAt: at(1, 9) },
      { text: LOGIN_PHRASINGS[1], userId: 'ana', createdAt: at(1, 15) },
      { text: LOGIN_PHRASINGS[2], userId: 'ben', createdAt: at(3) },
      { text: LOGIN_PHRASINGS[3], userId: 'cy', createdAt: at(10) },
    ];
    const ids = [];
    for (const item of loginItems) ids.push(await submit(server, project, item));
    const darkId = await submit(server, project, { text: DARK_MODE, userId: 'cy', createdAt: at(2) });
    login = (await waitForClusteredItem(server, project, ids[0])).clusterId;
    for (const id of ids) expect((await waitForClusteredItem(server, project, id)).clusterId, 'login phrasings share a theme').to.equal(login);
    dark = (await waitForClusteredItem(server, project, darkId)).clusterId;
    expect(dark).to.not.equal(login);
    await waitForClusteringIdle(server, project.projectId);
    otherTheme = (await waitForClusteredItem(server, other, await submit(server, other, { text: LOGIN_PHRASINGS[0], createdAt: at(1) }))).clusterId;
    await waitForClusteringIdle(server, other.projectId);
  });
  after(() => server.close());

  const get = (path: string, key = project.secretKey) => server.request(path, { key });
  const period = `from=${FROM.toISOString()}&to=${TO.toISOString()}`;

  describe('GET /api/v1/clusters/{id}/trend', () => {
    it('gives one bucket per UTC day of the period, oldest first, with count, sentiment mix and revenue; empty days are zero', async () => {
      const response = await get(`/api/v1/clusters/${login}/trend?${period}`);
      expect(response.status).to.equal(200);
      const body = await readJson(response);
      expect(body).to.deep.include({ from: FROM.toISOString(), to: TO.toISOString(), bucket: 'day', cluster: { id: login, label: body.cluster.label } });
      expect(body.buckets.map((b: any) => b.start)).to.deep.equal(Array.from({ length: 7 }, (_, i) => new Date(FROM.getTime() + i * DAY).toISOString()));
      const byDay = (daysBeforeTo: number) => body.buckets[7 - daysBeforeTo];
      expect(byDay(1).count).to.equal(2);
      expect(byDay(1).revenue, 'ana counted once').to.equal(100);
      expect(byDay(3).count).to.equal(1);
      expect(byDay(3).revenue).to.equal(40.5);
      for (const empty of [2, 4, 5, 6, 7])
        expect(byDay(empty)).to.deep.equal({ start: byDay(empty).start, count: 0, sentiment: { positive: 0, neutral: 0, negative: 0 }, revenue: 0 });
      for (const bucket of body.buckets) {
        const { positive, neutral, negative } = bucket.sentiment;
        expect(positive + neutral + negative).to.equal(bucket.count);
      }
    });

    it('counts by ISO week (Mondays, UTC) with bucket=week; the buckets add up to the items of the period', async () => {
      const from = new Date(TO.getTime() - 21 * DAY).toISOString();
      const body = await readJson(await get(`/api/v1/clusters/${login}/trend?from=${from}&to=${TO.toISOString()}&bucket=week`));
      expect(body.bucket).to.equal('week');
      for (const bucket of body.buckets) expect(new Date(bucket.start).getUTCDay(), bucket.start).to.equal(1);
      expect(body.buckets[0].start <= from).to.equal(true);
      expect(body.buckets.reduce((sum: number, b: any) => sum + b.count, 0)).to.equal(4);
    });

    it('defaults to the last 30 days up to now in day buckets', async () => {
      const before = Date.now();
      const body = await readJson(await get(`/api/v1/clusters/${login}/trend`));
      expect(Date.parse(body.to)).to.be.within(before - 1000, Date.now() + 1000);
      expect(Date.parse(body.to) - Date.parse(body.from)).to.equal(30 * DAY);
      expect(body.buckets).to.have.length(31); // the first and the last day are partial
      expect(body.buckets.reduce((sum: number, b: any) => sum + b.count, 0)).to.equal(4);
    });

    it('is 404 for a theme of another project and for an unknown id', async () => {
      await expectProblem(await get(`/api/v1/clusters/${otherTheme}/trend`), 404, 'not-found');
      await expectProblem(await get(`/api/v1/clusters/cl_unknown/trend`), 404, 'not-found');
      expect((await get(`/api/v1/clusters/${otherTheme}/trend`, other.secretKey)).status).to.equal(200);
    });

    it('refuses bad parameters with a 400 naming each one', async () => {
      await expectInvalidField(await get(`/api/v1/clusters/${login}/trend?bucket=month`), 'bucket');
      await expectInvalidField(await get(`/api/v1/clusters/${login}/trend?from=yesterday`), 'from');
      await expectInvalidField(await get(`/api/v1/clusters/${login}/trend?from=${TO.toISOString()}&to=${FROM.toISOString()}`), 'to');
      await expectInvalidField(await get(`/api/v1/clusters/${login}/trend?from=2020-01-01T00:00:00Z&to=2021-01-02T00:00:00Z`), 'from');
      await expectInvalidField(await get(`/api/v1/clusters/${login}/trend?from=2030-01-01T00:00:00Z`), 'from');
      await expectInvalidField(await get(`/api/v1/clusters/${login}/trend?limit=5`), 'limit');
    });

    it('needs a secret key', async () => {
      await expectProblem(await server.request(`/api/v1/clusters/${login}/trend`), 401, 'unauthorized');
      await expectProblem(await get(`/api/v1/clusters/${login}/trend`, project.widgetKey), 401, 'unauthorized');
    });
  });

  describe('GET /api/v1/trends', () => {
    it('lists the themes by count in the period with the previous period, growth, revenue and the new flag', async () => {
      const response = await get(`/api/v1/trends?${period}`);
      expect(response.status).to.equal(200);
      const body = await readJson(response);
      expect(body).to.include({ from: FROM.toISOString(), to: TO.toISOString(), previousFrom: new Date(FROM.getTime() - 7 * DAY).toISOString() });
      expect(body.themes.map((t: any) => t.id)).to.deep.equal([login, dark]);
      const [loginTrend, darkTrend] = body.themes;
      expect(loginTrend).to.include({ count: 3, previous: 1, growth: 2, revenue: 140.5, new: false, regressed: false, status: 'active' });
      expect(darkTrend).to.include({ count: 1, previous: 0, growth: null, revenue: 7, new: true });
      const clusters = (await readJson(await get('/api/v1/clusters'))).clusters;
      expect(loginTrend.spiking).to.equal(clusters.find((c: any) => c.id === login).spiking);
      expect(loginTrend.sentiment.positive + loginTrend.sentiment.neutral + loginTrend.sentiment.negative).to.equal(3);
      expect(loginTrend.churnRiskCount).to.equal(0);
    });

    it('over a period holding every item, counts equal the sizes of GET /clusters', async () => {
      const body = await readJson(await get(`/api/v1/trends?from=${at(30)}&to=${new Date().toISOString()}`));
      const clusters = (await readJson(await get('/api/v1/clusters'))).clusters;
      expect(Object.fromEntries(body.themes.map((t: any) => [t.id, t.count]))).to.deep.equal(Object.fromEntries(clusters.map((c: any) => [c.id, c.size])));
    });

    it('a theme with items only in the period before is listed with count 0 and growth -1', async () => {
      const body = await readJson(await get(`/api/v1/trends?from=${new Date(TO.getTime() - DAY).toISOString()}&to=${TO.toISOString()}`));
      expect(body.themes.find((t: any) => t.id === dark)).to.include({ count: 0, previous: 1, growth: -1 });
      expect(body.themes.at(-1).id, 'ranked last').to.equal(dark);
    });

    it('counts only matching items with source, type and language', async () => {
      expect((await readJson(await get(`/api/v1/trends?${period}&source=csv`))).themes).to.deep.equal([]);
      const english = await readJson(await get(`/api/v1/trends?${period}&language=en`));
      expect(english.themes.map((t: any) => t.count)).to.deep.equal([3, 1]);
      await expectInvalidField(await get(`/api/v1/trends?source=fax`), 'source');
      await expectInvalidField(await get(`/api/v1/trends?language=english`), 'language');
      await expectInvalidField(await get(`/api/v1/trends?type=rant`), 'type');
    });

    it('flags a theme that regressed inside the period', async () => {
      const resolved = await server.request(`/api/v1/clusters/${dark}`, {
        method: 'PATCH',
        key: project.secretKey,
        body: JSON.stringify({ status: 'resolved' }),
      });
      expect(resolved.status).to.equal(200);
      const again = await submit(server, project, { text: DARK_MODE });
      expect((await waitForClusteredItem(server, project, again)).clusterId).to.equal(dark);
      await waitForClusteringIdle(server, project.projectId);
      const now = await readJson(await get(`/api/v1/trends`));
      expect(now.themes.find((t: any) => t.id === dark)).to.include({ regressed: true, status: 'active' });
      const earlier = await readJson(await get(`/api/v1/trends?${period}`));
      expect(earlier.themes.find((t: any) => t.id === dark).regressed, 'the regression is after that period').to.equal(false);
    });

    it('never lists another project’s themes, and refuses bad periods naming the parameter', async () => {
      const body = await readJson(await get(`/api/v1/trends`));
      expect(body.themes.map((t: any) => t.id)).to.not.include(otherTheme);
      await expectInvalidField(await get(`/api/v1/trends?to=${FROM.toISOString()}&from=${TO.toISOString()}`), 'to');
      await expectInvalidField(await get(`/api/v1/trends?from=2020-01-01T00:00:00Z&to=2021-06-01T00:00:00Z`), 'from');
      await expectInvalidField(await get(`/api/v1/trends?limit=0`), 'limit');
    });
  });

  it('both operations are in the OpenAPI document with examples', async () => {
    const doc = await readJson(await server.request('/api/v1/openapi.json'));
    const trend = doc.paths['/api/v1/clusters/{id}/trend'].get;
    const trends = doc.paths['/api/v1/trends'].get;
    expect(trend.parameters.map((p: any) => p.name ?? p.$ref)).to.include.members(['id', 'from', 'to', 'bucket']);
    expect(trends.parameters.map((p: any) => p.name ?? p.$ref)).to.include.members(['from', 'to', 'source', 'type', 'language', 'limit']);
    expect(trend.responses[200].content['application/json'].example.buckets).to.be.an('array').that.is.not.empty;
    expect(trends.responses[200].content['application/json'].example.themes).to.be.an('array').that.is.not.empty;
  });
});
