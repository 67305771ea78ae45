import { expect } from 'chai';
import { expectEventually } from '../support/eventually.js';
import { readJson, type TestProject } from '../support/http.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { WebhookReceiver } from '../support/webhook-receiver.js';

const TEXTS = [
  'The export to PDF fails every time with a blank page.',
  'Please add a dark mode, my eyes hurt at night.',
  'Love the new dashboard, much faster than before!',
  'I was charged twice for the same month.',
  'Login keeps asking for my password again and again.',
  'La exportación a PDF no funciona desde ayer.',
  'Der Login funktioniert seit dem Update nicht mehr.',
  'How do I invite a colleague to my workspace?',
];

/**
 * Spec 3.1 and 6: analysis includes clustering, so an item reads `processed` only with its theme,
 * and `feedback.processed` carries it. Watched from outside, while a burst is being worked on.
 */
describe('processed means complete: analysed and in a theme', function () {
  this.timeout(120_000);
  let server: TestServer;
  let receiver: WebhookReceiver;
  let project: TestProject;
  const ids: string[] = [];
  const seenPending = new Set<string>();

  before(async () => {
    receiver = await new WebhookReceiver().start();
    server = await startTestServer({ env: { WEBHOOK_ALLOW_HTTP: 'true', WEBHOOK_SECRET_KEY: 'c'.repeat(64) } });
    project = await server.createProject({ name: 'Processed means complete' });
    const hook = await server.request('/api/v1/webhooks', {
      method: 'POST',
      key: project.secretKey,
      body: JSON.stringify({ url: receiver.url('/processed'), events: ['feedback.processed'] }),
    });
    expect(hook.status).to.equal(201);
    for (const text of TEXTS) {
      const response = await server.request('/api/v1/feedback', { method: 'POST', key: project.secretKey, body: JSON.stringify({ text }) });
      expect(response.status).to.equal(202);
      ids.push((await readJson(response)).id);
    }
  });
  after(async () => {
    await server?.close();
    await receiver?.close();
  });

  it('at every moment, each item the list and the detail show as processed has a clusterId', async () => {
    let processed = 0;
    for (let poll = 0; poll < 2000 && processed < ids.length; poll++) {
      const list = await readJson(await server.request('/api/v1/feedback?limit=200', { key: project.secretKey }));
      for (const item of list.items) {
        if (item.status === 'pending') seenPending.add(item.id);
        else expect(item.clusterId, `${item.id} in the list`).to.be.a('string');
      }
      const detail = await readJson(await server.request(`/api/v1/feedback/${ids[poll % ids.length]}`, { key: project.secretKey }));
      if (detail.status === 'processed') {
        expect(detail.clusterId, `${detail.id} in the detail`).to.be.a('string');
        expect(detail.processedAt).to.be.a('string');
      }
      processed = list.items.filter((item: { status: string }) => item.status === 'processed').length;
    }
    expect(processed).to.equal(ids.length);
    // The check saw items in their pending state, so it was made while the work went on.
    expect(seenPending.size).to.be.greaterThan(0);
  });

  it('feedback.processed arrives once per item, with the clusterId of the theme the item shows and its label', async () => {
    await expectEventually(() => expect(receiver.at('/processed')).to.have.length(ids.length), { timeoutMs: 30_000 });
    const byItem = new Map(receiver.at('/processed').map((delivery) => [delivery.json.data.feedbackId, delivery.json.data]));
    expect([...byItem.keys()]).to.have.members(ids);
    for (const id of ids) {
      const item = await readJson(await server.request(`/api/v1/feedback/${id}`, { key: project.secretKey }));
      const data = byItem.get(id);
      expect(data.clusterId, id).to.equal(item.clusterId);
      // The label as it was at delivery: a theme growing since may have been relabelled.
      expect(data.label, id).to.be.a('string').and.not.equal('');
      expect(data.sentiment, id).to.equal(item.sentiment);
      expect(data.processedAt, id).to.equal(item.processedAt);
    }
  });
});
