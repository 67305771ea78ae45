import { expect } from 'chai';
import { expectInvalidField, expectProblem, readJson, type TestProject } from '../support/http.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

const WEBHOOK_SECRET_KEY = 'a'.repeat(64);

function createWebhook(server: TestServer, key: string, body: unknown): Promise<Response> {
  return server.request('/api/v1/webhooks', { method: 'POST', key, body: JSON.stringify(body) });
}

/** Every spelling of an address a webhook must never reach, in any mode (spec 4.12). */
const REFUSED_EVERYWHERE = [
  'https://169.254.169.254/latest/meta-data/', // cloud metadata
  'https://[fe80::1]/hook', // link-local IPv6
  'https://10.0.0.5/hook',
  'https://172.16.3.4/hook',
  'https://172.31.255.255/hook',
  'https://192.168.1.10/hook',
  'https://[fc00::1]/hook',
  'https://[fd12:3456::1]/hook',
  'https://0.0.0.0/hook', // unspecified
  'https://[::]/hook',
  'https://[::ffff:10.0.0.1]/hook', // IPv4-mapped IPv6
  'https://[::ffff:169.254.169.254]/hook',
  'https://[::ffff:a9fe:a9fe]/hook',
  'https://[64:ff9b::a9fe:a9fe]/hook', // NAT64 of the metadata address
  'https://2852039166/hook', // 169.254.169.254 in decimal
  'https://0xa9.0xfe.0xa9.0xfe/hook', // hex
  'https://0251.0376.0251.0376/hook', // octal
  'https://0xa9fea9fe/hook',
  'https://10.1/hook', // short form of 10.0.0.1
  'https://user:pass@hooks.example.com/hook', // user info
  'https://hooks.example.com@10.0.0.1/hook',
  'https://metadata.google.internal/computeMetadata/v1/',
  'https://printer.local/hook',
  'https://intranet/hook', // a bare name
  'https://hooks.example.com:22/hook', // privileged port other than 443
  'https://224.0.0.1/hook', // multicast
  'ftp://hooks.example.com/hook',
  'not a url',
];

const LOOPBACK = ['https://127.0.0.1/hook', 'https://localhost/hook', 'https://[::1]/hook', 'https://[::ffff:127.0.0.1]/hook', 'https://2130706433/hook'];

describe('Webhook endpoints API (spec 2.6, 3.4, 4.12, 8)', () => {
  let server: TestServer;
  let production: TestServer;
  let project: TestProject;

  before(async () => {
    server = await startTestServer({ workers: false, env: { WEBHOOK_ALLOW_HTTP: 'true', WEBHOOK_SECRET_KEY } });
    production = await startTestServer({ workers: false, env: { WEBHOOK_SECRET_KEY } });
    project = await server.createProject({ name: 'Hooks', origins: ['https://app.example.com'] });
  });
  after(async () => {
    await server?.close();
    await production?.close();
  });

  it('answers 401 to a widget key on every webhook operation (secret key only)', async () => {
    const headers = { Origin: 'https://app.example.com' };
    for (const [method, path, body] of [
      ['GET', '/api/v1/webhooks', undefined],
      ['POST', '/api/v1/webhooks', { url: 'https://hooks.example.com/a', events: ['feedback.processed'] }],
      ['PATCH', '/api/v1/webhooks/whe_x', { active: false }],
      ['DELETE', '/api/v1/webhooks/whe_x', undefined],
    ] as const) {
      const response = await server.request(path, { method, key: project.widgetKey, headers, body: body && JSON.stringify(body) });
      await expectProblem(response, 401, 'unauthorized');
    }
  });

  it('creates an endpoint and returns its secret exactly once: not in the list, not from PATCH, not in the log', async () => {
    const created = await createWebhook(server, project.secretKey, { url: 'https://hooks.example.com/a', events: ['feedback.processed', 'cluster.spiking'] });
    expect(created.status).to.equal(201);
    const body = await readJson(created);
    expect(body).to.include({ url: 'https://hooks.example.com/a', active: true, disabledReason: null, failingSince: null, consecutiveFailures: 0 });
    expect(body.events).to.deep.equal(['feedback.processed', 'cluster.spiking']);
    expect(body.secret).to.match(/^whsec_[A-Za-z0-9+/]{43}=$/);

    const list = await readJson(await server.request('/api/v1/webhooks', { key: project.secretKey }));
    const listed = list.webhooks.find((endpoint: any) => endpoint.id === body.id);
    const { secret: _secret, ...withoutSecret } = body;
    expect(listed).to.deep.equal(withoutSecret);
    expect(JSON.stringify(list)).not.to.include(body.secret);

    const patched = await server.request(`/api/v1/webhooks/${body.id}`, { method: 'PATCH', key: project.secretKey, body: JSON.stringify({ active: false }) });
    expect(patched.status).to.equal(200);
    const patchedBody = await readJson(patched);
    expect(patchedBody).to.include({ id: body.id, active: false, disabledReason: 'paused' });
    expect(patchedBody).not.to.have.property('secret');

    const raw = await server.runtime.db.query<{ data: string }>(`SELECT data::text AS data FROM events`);
    const secretBase64 = body.secret.slice('whsec_'.length);
    for (const row of raw.rows) expect(row.data).not.to.include(secretBase64);
    const stored = await server.runtime.db.query<{ secret_ciphertext: string }>(`SELECT secret_ciphertext FROM webhook_endpoints WHERE endpoint_id = $1`, [
      body.id,
    ]);
    expect(stored.rows[0].secret_ciphertext).to.match(/^v1\./).and.not.include(secretBase64);
  });

  it('refuses URLs that could reach private, loopback, link-local, metadata or unspecified addresses, in production mode', async () => {
    const other = await production.createProject({ name: 'Prod' });
    for (const url of [...REFUSED_EVERYWHERE, ...LOOPBACK, 'http://hooks.example.com/hook', 'http://127.0.0.1:9/hook']) {
      await expectInvalidField(await createWebhook(production, other.secretKey, { url, events: ['feedback.processed'] }), 'url');
    }
    expect((await createWebhook(production, other.secretKey, { url: 'https://hooks.example.com:8443/x', events: ['feedback.processed'] })).status).to.equal(
      201,
    );
  });

  it('with WEBHOOK_ALLOW_HTTP=true admits loopback (also over http://) and still refuses everything else', async () => {
    const dev = await server.createProject({ name: 'Dev' });
    for (const url of [...REFUSED_EVERYWHERE, 'http://hooks.example.com/hook', 'http://10.0.0.1/hook']) {
      await expectInvalidField(await createWebhook(server, dev.secretKey, { url, events: ['feedback.processed'] }), 'url');
    }
    for (const url of ['http://127.0.0.1:8080/hook', 'http://localhost:3000/hook', 'http://[::1]:3000/hook']) {
      expect((await createWebhook(server, dev.secretKey, { url, events: ['feedback.processed'] })).status, url).to.equal(201);
    }
  });

  it('refuses internal addresses written as IPv6 (mapped, translated, NAT64, ORCHID, 6to4) with 400 naming `url`, creating nothing', async () => {
    const probe = await production.createProject({ name: 'IPv6 probe' });
    const events = async () => Number((await production.runtime.db.query<{ n: string }>(`SELECT count(*) AS n FROM events`)).rows[0].n);
    const before = await events();
    for (const [url, block] of [
      ['https://[64:ff9b:1::a9fe:a9fe]/x', '64:ff9b:1::/48'],
      ['https://[::ffff:0:127.0.0.1]/x', '::ffff:0:0:0/96'],
      ['https://[::ffff:0:169.254.169.254]/x', '::ffff:0:0:0/96'],
      ['https://[2001:10::1]/x', '2001:10::/28'],
      ['https://[2002:a9fe:a9fe::1]/x', '2002::/16'],
      ['https://[3fff::1]/x', '3fff::/20'],
    ]) {
      const response = await createWebhook(production, probe.secretKey, { url, events: ['feedback.processed'] });
      const problem = await expectInvalidField(response, 'url');
      expect(problem.errors[0].message, url).to.include(block);
    }
    expect(await events()).to.equal(before);
    const list = await readJson(await production.request('/api/v1/webhooks', { key: probe.secretKey }));
    expect(list.webhooks).to.deep.equal([]);
  });

  it('requires a non-empty subset of the six event kinds without repeats, naming the bad entry', async () => {
    const url = 'https://hooks.example.com/e';
    await expectInvalidField(await createWebhook(server, project.secretKey, { url, events: [] }), 'events');
    const unknown = await expectInvalidField(
      await createWebhook(server, project.secretKey, { url, events: ['feedback.processed', 'feedback.created'] }),
      'events/1',
    );
    expect(unknown.detail).to.include('feedback.created');
    await expectInvalidField(await createWebhook(server, project.secretKey, { url, events: ['cluster.resolved', 'cluster.resolved'] }), 'events/1');
    await expectInvalidField(await createWebhook(server, project.secretKey, { url }), 'events');
    await expectInvalidField(await createWebhook(server, project.secretKey, { events: ['cluster.resolved'] }), 'url');
  });

  it('hostile values in every field are a 400 naming the field, with nothing recorded, and the service keeps answering', async () => {
    const events = async () => Number((await server.runtime.db.query<{ n: string }>(`SELECT count(*) AS n FROM events`)).rows[0].n);
    const before = await events();
    const ok = { url: 'https://hooks.example.com/h', events: ['cluster.resolved'] };
    // Written as text: 20,000 levels are more than JSON.stringify itself can nest.
    const deep = `{"url":"https://hooks.example.com/h","events":${'['.repeat(20_000)}${']'.repeat(20_000)}}`;
    const cases: [unknown, string][] = [
      [{ ...ok, url: 'https://hooks.example.com/\u0000' }, 'url'],
      [{ ...ok, url: 'https://hooks.example.com/\ud83d' }, 'url'],
      [{ ...ok, url: `https://hooks.example.com/${'a'.repeat(20_000)}` }, 'url'],
      [{ ...ok, url: '' }, 'url'],
      [{ ...ok, url: 42 }, 'url'],
      [{ ...ok, events: 'cluster.resolved' }, 'events'],
      [{ ...ok, events: ['cluster.resolved\u0000'] }, 'events'],
      [deep, 'events'],
    ];
    for (const [body, field] of cases) {
      const response =
        typeof body === 'string'
          ? await server.request('/api/v1/webhooks', { method: 'POST', key: project.secretKey, body })
          : await createWebhook(server, project.secretKey, body);
      const problem = await expectProblem(response, 400, 'invalid-request');
      const fields = (problem.errors ?? []).map((error: { field: string }) => error.field);
      expect(
        fields.some((name: string) => name.startsWith(field)),
        `${JSON.stringify(fields)} name ${field}`,
      ).to.equal(true);
    }
    const created = await readJson(await createWebhook(server, project.secretKey, ok));
    const afterCreate = await events();
    for (const body of [{ active: 'yes' }, { active: null }, {}, { active: true, extra: '\u0000' }]) {
      const response = await server.request(`/api/v1/webhooks/${created.id}`, { method: 'PATCH', key: project.secretKey, body: JSON.stringify(body) });
      await expectProblem(response, 400, 'invalid-request');
    }
    expect(afterCreate - before).to.equal(1);
    expect(await events()).to.equal(afterCreate);
    expect((await server.request('/api/v1/ping', { key: project.secretKey })).status).to.equal(200);
    expect((await server.request(`/api/v1/webhooks/${created.id}`, { method: 'DELETE', key: project.secretKey })).status).to.equal(204);
  });

  it('holds the cap of 10 endpoints under 15 concurrent creates: exactly ten 201, the rest 409 conflict', async () => {
    const capped = await server.createProject({ name: 'Cap' });
    const responses = await Promise.all(
      Array.from({ length: 15 }, (_, i) => createWebhook(server, capped.secretKey, { url: `https://hooks.example.com/${i}`, events: ['cluster.resolved'] })),
    );
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses.filter((status) => status === 201)).to.have.length(10);
    for (const response of responses.filter((r) => r.status !== 201)) await expectProblem(response, 409, 'conflict');
    const list = await readJson(await server.request('/api/v1/webhooks', { key: capped.secretKey }));
    expect(list.webhooks).to.have.length(10);
    // Deleting one makes room for one more.
    expect((await server.request(`/api/v1/webhooks/${list.webhooks[0].id}`, { method: 'DELETE', key: capped.secretKey })).status).to.equal(204);
    expect((await createWebhook(server, capped.secretKey, { url: 'https://hooks.example.com/late', events: ['cluster.resolved'] })).status).to.equal(201);
  });

  it('PATCH and DELETE answer 404 problem+json for an endpoint that is not in the project (unknown, deleted, or another project’s)', async () => {
    const other = await server.createProject({ name: 'Other' });
    const mine = await readJson(await createWebhook(server, project.secretKey, { url: 'https://hooks.example.com/p', events: ['cluster.resolved'] }));
    const patch = (key: string, id: string) => server.request(`/api/v1/webhooks/${id}`, { method: 'PATCH', key, body: JSON.stringify({ active: false }) });
    const remove = (key: string, id: string) => server.request(`/api/v1/webhooks/${id}`, { method: 'DELETE', key });
    await expectProblem(await patch(project.secretKey, 'whe_unknown'), 404, 'not-found');
    await expectProblem(await patch(other.secretKey, mine.id), 404, 'not-found');
    await expectInvalidField(await server.request(`/api/v1/webhooks/${mine.id}`, { method: 'PATCH', key: project.secretKey, body: '{}' }), 'active');

    const events = async () =>
      Number((await server.runtime.db.query<{ n: string }>(`SELECT count(*) AS n FROM events WHERE stream LIKE 'webhook-endpoints-%'`)).rows[0].n);
    const before = await events();
    await expectProblem(await remove(project.secretKey, 'whe_unknown'), 404, 'not-found');
    // Another project's endpoint is unknown to this project: 404, and it stays.
    await expectProblem(await remove(other.secretKey, mine.id), 404, 'not-found');
    expect(await events()).to.equal(before);
    expect((await patch(project.secretKey, mine.id)).status).to.equal(200);
    expect((await remove(project.secretKey, mine.id)).status).to.equal(204);
    await expectProblem(await remove(project.secretKey, mine.id), 404, 'not-found');
    await expectProblem(await patch(project.secretKey, mine.id), 404, 'not-found');
    // There is no GET of one endpoint: the path answers 405 naming the methods it has, whatever the id.
    const get = await server.request(`/api/v1/webhooks/${mine.id}`, { key: project.secretKey });
    await expectProblem(get, 405, 'method-not-allowed');
    expect(get.headers.get('allow')?.split(', ')).to.have.members(['PATCH', 'DELETE']);
  });
});
