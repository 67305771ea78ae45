/**
 * A `kill -9` of a real `feedbackctl serve` while deliveries are in flight ends with every
 * event delivered at least once, after the restart, with the same event ids.
 */
import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expectEventually } from '../support/eventually.js';
import { cli, startServe, type ServeProcess } from '../support/feedbackctl-process.js';
import { WebhookReceiver } from '../support/webhook-receiver.js';

const ITEMS = 8;

describe('webhook deliveries survive a kill -9 of the service', function () {
  this.timeout(240_000);
  let dataDir: string;
  let receiver: WebhookReceiver;
  let serve: ServeProcess | undefined;
  const env = { WEBHOOK_ALLOW_HTTP: 'true', WEBHOOK_SECRET_KEY: 'd'.repeat(64) };

  before(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'webhooks-kill9-'));
    receiver = await new WebhookReceiver().start();
  });
  after(async () => {
    await serve?.stop();
    await receiver?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const call = (route: string, key: string, init: RequestInit = {}) =>
    fetch(`http://127.0.0.1:${serve!.port}${route}`, { ...init, headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' } });

  it('delivers every feedback.processed at least once, keeping its event id', async () => {
    const created = await cli(dataDir, ['project', 'create', '--name', 'Kill nine', '--json']);
    expect(created.code, created.stderr).to.equal(0);
    const { secretKey } = JSON.parse(created.stdout);
    serve = await startServe(dataDir, { env });
    const hook = await call('/api/v1/webhooks', secretKey, {
      method: 'POST',
      body: JSON.stringify({ url: receiver.url('/slow'), events: ['feedback.processed'] }),
    });
    expect(hook.status).to.equal(201);

    // The receiver holds every answer for a minute: deliveries are in flight when the service dies.
    receiver.delayMs = () => 60_000;
    const feedbackIds: string[] = [];
    for (let i = 0; i < ITEMS; i++) {
      const response = await call('/api/v1/feedback', secretKey, { method: 'POST', body: JSON.stringify({ text: `The export number ${i} fails every time` }) });
      expect(response.status).to.equal(202);
      feedbackIds.push(((await response.json()) as { id: string }).id);
    }
    await expectEventually(() => expect(receiver.received.length).to.be.at.least(1), { timeoutMs: 60_000, intervalMs: 100 });
    const inFlight = receiver.received.map((delivery) => delivery.json.id as string);
    serve.child.kill('SIGKILL');
    await serve.stop();

    receiver.delayMs = () => 0;
    serve = await startServe(dataDir, { env });
    await expectEventually(
      () => {
        const delivered = new Set(receiver.received.map((delivery) => delivery.json.data.feedbackId as string));
        expect([...delivered].sort()).to.deep.equal([...feedbackIds].sort());
        // The deliveries cut off by the kill are sent again with the same ids once their lease runs out
        // (at least once, never a new id): the other items may all arrive before that.
        const ids = receiver.received.map((delivery) => delivery.json.id as string);
        for (const id of inFlight) expect(ids.filter((seen) => seen === id).length, id).to.be.at.least(2);
      },
      { timeoutMs: 120_000, intervalMs: 250 },
    );
    const idsPerItem = new Map<string, Set<string>>();
    for (const delivery of receiver.received) {
      const set = idsPerItem.get(delivery.json.data.feedbackId) ?? new Set();
      set.add(delivery.json.id);
      idsPerItem.set(delivery.json.data.feedbackId, set);
    }
    for (const [feedbackId, set] of idsPerItem) expect(set.size, feedbackId).to.equal(1);
  });
});
