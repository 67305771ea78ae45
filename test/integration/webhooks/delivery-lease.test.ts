import { expect } from 'chai';
import { MutableClock } from '../../support/mutable-clock.js';
import { readJson } from '../../support/http.js';
import { testContext } from '../../support/test-context.js';
import { startTestServer, type TestServer } from '../../support/test-server.js';
import { WebhookReceiver } from '../../support/webhook-receiver.js';
import { WebhookDeliveryWorker } from '../../../src/webhooks/delivery-worker.js';
import { webhooksCommand } from '../../../src/cli/commands/webhooks.js';
import { UsageError } from '../../../src/cli/output.js';
import { pruneWebhookDeliveries } from '../../../src/webhooks/retention.js';

describe('Webhook delivery leases and operator commands', () => {
  let server: TestServer;
  let receiver: WebhookReceiver;
  const clock = new MutableClock();

  before(async () => {
    receiver = await new WebhookReceiver().start();
    server = await startTestServer({ clock, workers: false, env: { WEBHOOK_ALLOW_HTTP: 'true', WEBHOOK_SECRET_KEY: 'c'.repeat(64) } });
  });
  after(async () => {
    await server?.close();
    await receiver?.close();
  });

  it('leaves a delivery claimed by a dead worker to be claimed again after the lease, with the same event id', async () => {
    const project = await server.createProject({ name: 'Lease' });
    const created = await server.request('/api/v1/webhooks', {
      method: 'POST',
      key: project.secretKey,
      body: JSON.stringify({ url: receiver.url('/lease'), events: ['cluster.resolved'] }),
    });
    expect(created.status).to.equal(201);
    await readJson(created);
    const at = clock.now().toISOString();
    const appended = await server.runtime.store.append(
      'cluster-cl_lease',
      [{ type: 'ClusterResolved', data: { clusterId: 'cl_lease', projectId: project.projectId, at }, metadata: { ...testContext() } }],
      'any',
    );
    await server.runtime.engine.waitFor(appended.position);
    const { rows } = await server.runtime.db.query<{ event_id: string }>(`SELECT event_id FROM webhook_deliveries WHERE status = 'pending'`);
    expect(rows).to.have.length(1);

    // A worker claimed it and was killed (kill -9) before recording anything.
    await server.runtime.db.query(`UPDATE webhook_deliveries SET claimed_until = $1::timestamptz + interval '60 seconds', attempts = 1`, [at]);
    const survivor = new WebhookDeliveryWorker(server.runtime);
    expect(await survivor.runOnce()).to.equal(0);
    clock.advance(59_000);
    expect(await survivor.runOnce()).to.equal(0);

    clock.advance(2_000);
    expect(await survivor.runOnce()).to.equal(1);
    await survivor.drain();
    expect(receiver.at('/lease').map((delivery) => delivery.json.id)).to.deep.equal([rows[0].event_id]);
    const after = await server.runtime.db.query<{ status: string; attempts: number }>(`SELECT status, attempts FROM webhook_deliveries`);
    expect(after.rows).to.deep.equal([{ status: 'delivered', attempts: 2 }]);
  });

  it('feedbackctl webhooks deliveries lists the attempts; redeliver sends them again with the same event ids', async () => {
    const [endpoint] = (await server.runtime.db.query<{ endpoint_id: string }>(`SELECT endpoint_id FROM webhook_endpoints`)).rows;
    const lines: string[] = [];
    await webhooksCommand(server.runtime, ['deliveries', '--endpoint', endpoint.endpoint_id], (line) => lines.push(line));
    const [eventId] = receiver.at('/lease').map((delivery) => delivery.json.id);
    expect(lines).to.have.length(1);
    expect(lines[0]).to.match(new RegExp(`^${eventId}  cluster\\.resolved  delivered  attempts 2  last \\S+  200  \\d+ ms$`));

    const out: string[] = [];
    await webhooksCommand(server.runtime, ['redeliver', '--endpoint', endpoint.endpoint_id, '--since', '2000-01-01T00:00:00Z'], (line) => out.push(line));
    expect(out).to.deep.equal([`Queued 1 deliveries of ${endpoint.endpoint_id} again (same event ids).`]);
    const worker = new WebhookDeliveryWorker(server.runtime);
    expect(await worker.runOnce()).to.equal(1);
    await worker.drain();
    expect(receiver.at('/lease').map((delivery) => delivery.json.id)).to.deep.equal([eventId, eventId]);

    const none: string[] = [];
    await webhooksCommand(server.runtime, ['redeliver', '--endpoint', endpoint.endpoint_id, '--since', '2100-01-01T00:00:00Z'], (line) => none.push(line));
    expect(none[0]).to.match(/^Queued 0 /);
    const fail = (args: string[]) =>
      webhooksCommand(server.runtime, args, () => {}).then(
        () => undefined,
        (error: unknown) => error,
      );
    expect(await fail(['redeliver', '--endpoint', endpoint.endpoint_id])).to.be.instanceOf(UsageError);
    expect(await fail(['deliveries'])).to.be.instanceOf(UsageError);
    expect(String(await fail(['deliveries', '--endpoint', 'whe_nope']))).to.include('No webhook endpoint whe_nope');
  });

  it('keeps finished deliveries 30 days after their last attempt, and pending ones always', async () => {
    const { db } = server.runtime;
    const [row] = (await db.query<{ event_id: string; endpoint_id: string }>(`SELECT event_id, endpoint_id FROM webhook_deliveries`)).rows;
    const now = clock.now();
    const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000).toISOString();
    await db.query(`UPDATE webhook_deliveries SET status = 'delivered', last_attempt_at = $1`, [daysAgo(29)]);
    for (const [suffix, status, days] of [
      ['old-failed', 'failed', 31],
      ['old-delivered', 'delivered', 45],
      ['old-pending', 'pending', 90],
    ] as const) {
      await db.query(
        `INSERT INTO webhook_deliveries (event_id, endpoint_id, project_id, kind, occurred_at, data, seq, status, last_attempt_at)
         SELECT $1, endpoint_id, project_id, kind, occurred_at, data, seq, $2, $3 FROM webhook_deliveries WHERE event_id = $4`,
        [`${row.event_id}-${suffix}`, status, daysAgo(days), row.event_id],
      );
    }
    expect(await pruneWebhookDeliveries(db, now)).to.equal(2);
    const left = await db.query<{ event_id: string }>(`SELECT event_id FROM webhook_deliveries ORDER BY event_id`);
    expect(left.rows.map((r) => r.event_id)).to.deep.equal([row.event_id, `${row.event_id}-old-pending`]);
  });
});
