import { expect } from 'chai';
import type { LookupAddress } from 'node:dns';
import { MutableClock } from '../../support/mutable-clock.js';
import { readJson, type TestProject } from '../../support/http.js';
import { testContext } from '../../support/test-context.js';
import { startTestServer, type TestServer } from '../../support/test-server.js';
import { WebhookReceiver } from '../../support/webhook-receiver.js';
import { WebhookDeliveryWorker } from '../../../src/webhooks/delivery-worker.js';
import type { HostResolver } from '../../../src/outbound/guarded-lookup.js';

/** DNS as the test says it is: every lookup is recorded, and the answer can change between lookups (rebinding). */
class StubDns {
  answers: string[] = [];
  readonly asked: string[] = [];
  readonly resolve: HostResolver = async (hostname) => {
    this.asked.push(hostname);
    return this.answers.map((address): LookupAddress => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
}

describe('Webhook deliveries check every resolved address when connecting', () => {
  let server: TestServer;
  let receiver: WebhookReceiver;
  let project: TestProject;
  let endpointId: string;
  const clock = new MutableClock();
  const dns = new StubDns();
  let themes = 0;

  before(async () => {
    receiver = await new WebhookReceiver().start();
    server = await startTestServer({ clock, workers: false, env: { WEBHOOK_ALLOW_HTTP: 'true', WEBHOOK_SECRET_KEY: 'f'.repeat(64) } });
    project = await server.createProject({ name: 'Rebinding' });
    // A name no real resolver answers: a delivery can only reach the receiver through the stub's checked answer.
    const url = receiver.url('/hook').replace('127.0.0.1', 'receiver.localhost');
    const created = await server.request('/api/v1/webhooks', {
      method: 'POST',
      key: project.secretKey,
      body: JSON.stringify({ url, events: ['cluster.resolved'] }),
    });
    expect(created.status).to.equal(201);
    endpointId = (await readJson(created)).id;
  });
  after(async () => {
    await server?.close();
    await receiver?.close();
  });

  /** Queues one delivery, runs a worker once, and returns the delivery's row. */
  async function deliverOnce(worker: WebhookDeliveryWorker): Promise<{ status: string; last_error: string | null }> {
    const clusterId = `cl_rebind${++themes}`;
    const appended = await server.runtime.store.append(
      `cluster-${clusterId}`,
      [{ type: 'ClusterResolved', data: { clusterId, projectId: project.projectId, at: clock.now().toISOString() }, metadata: { ...testContext() } }],
      'any',
    );
    await server.runtime.engine.waitFor(appended.position);
    expect(await worker.runOnce()).to.equal(1);
    await worker.drain();
    const { rows } = await server.runtime.db.query<{ status: string; last_error: string | null }>(
      `SELECT status, last_error FROM webhook_deliveries WHERE data->>'clusterId' = $1`,
      [clusterId],
    );
    return rows[0];
  }

  it('connects to the address it checked: the name resolves once, through the guard, and the receiver gets the delivery', async () => {
    dns.answers = ['127.0.0.1'];
    const row = await deliverOnce(new WebhookDeliveryWorker(server.runtime, { resolveHost: dns.resolve }));
    expect(row).to.deep.equal({ status: 'delivered', last_error: null });
    expect(dns.asked).to.deep.equal(['receiver.localhost']);
    expect(receiver.at('/hook')).to.have.length(1);
    expect(receiver.at('/hook')[0].headers.host).to.match(/^receiver\.localhost:\d+$/);
  });

  it('delivers nothing once the name is re-pointed at a refused address, nor when one record of several is refused', async () => {
    for (const answers of [['169.254.169.254'], ['::ffff:0:a9fe:a9fe'], ['64:ff9b:1::a9fe:a9fe'], ['127.0.0.1', '10.0.0.7'], ['127.0.0.1', '2001:10::1']]) {
      dns.answers = answers;
      const row = await deliverOnce(new WebhookDeliveryWorker(server.runtime, { resolveHost: dns.resolve }));
      expect(row, answers.join(' ')).to.deep.equal({ status: 'pending', last_error: 'address not allowed' });
    }
    expect(receiver.at('/hook')).to.have.length(1);
  });

  it('in production refuses a public name that resolves to loopback, and a stored URL the current policy refuses', async () => {
    const production = new WebhookDeliveryWorker(
      { ...server.runtime, config: { ...server.runtime.config, webhookAllowHttp: false } },
      { resolveHost: dns.resolve },
    );
    dns.answers = ['127.0.0.1'];
    await server.runtime.db.query(`UPDATE webhook_endpoints SET url = $2 WHERE endpoint_id = $1`, [endpointId, 'https://hooks.example.com/hook']);
    expect(await deliverOnce(production)).to.deep.equal({ status: 'pending', last_error: 'address not allowed' });
    expect(dns.asked.at(-1)).to.equal('hooks.example.com');

    // Accepted by an older policy, written as an IPv4-translated address: refused before any connection.
    const asked = dns.asked.length;
    await server.runtime.db.query(`UPDATE webhook_endpoints SET url = $2 WHERE endpoint_id = $1`, [endpointId, 'https://[::ffff:0:127.0.0.1]/hook']);
    const development = new WebhookDeliveryWorker(server.runtime, { resolveHost: dns.resolve });
    expect(await deliverOnce(development)).to.deep.equal({ status: 'pending', last_error: 'address not allowed' });
    expect(dns.asked.length).to.equal(asked);
    expect(receiver.at('/hook')).to.have.length(1);
  });
});
