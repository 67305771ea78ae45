import { expect } from 'chai';
import { trackQuestion } from '../../commands/track-question/handler.js';
import { expectEventually } from '../support/eventually.js';
import { submitFeedback } from '../support/feedback.js';
import { readJson, type TestProject } from '../support/http.js';
import { testContext } from '../support/test-context.js';
import { startTestServer, waitForProcessed, type TestServer } from '../support/test-server.js';
import { WebhookReceiver } from '../support/webhook-receiver.js';

const PRAISE = [
  'The new onboarding is wonderful, I set up my whole team in five minutes',
  'Loved the onboarding checklist, it made getting started really easy',
  'Great onboarding experience, clear and friendly',
  'The onboarding tour was excellent and helpful, thank you',
  'Onboarding was smooth and pleasant, nice work',
  'Really enjoyed the new onboarding, very intuitive',
];
const COMPLAINTS = [
  'The onboarding is confusing and frustrating, I gave up halfway',
  'Terrible onboarding, the steps make no sense and it keeps failing',
  'Onboarding was awful, way too long and annoying',
  'The new onboarding is broken, I am stuck on the second screen and angry',
  'Hated the onboarding, it is slow and confusing',
  'The onboarding wizard crashed twice, horrible first impression',
  'Onboarding is a mess, nobody on my team could finish it, very disappointing',
  'Worst onboarding I have seen, confusing and buggy',
  'The onboarding emails are spammy and the setup is painful',
  'Onboarding keeps failing at the import step, so frustrating',
  'The onboarding flow is terrible and confusing',
  'Bad onboarding, unclear and frustrating',
  'The onboarding steps are broken and useless',
  'Our new hires hate the onboarding, it is confusing',
  'The onboarding video does not load, really annoying',
  'Onboarding asks for way too much information, frustrating',
  'I am disappointed with the new onboarding, it is worse than before',
  'The onboarding tutorial is useless and confusing',
  'Onboarding failed again, this is terrible',
  'The new onboarding is painful and slow',
];
const UNRELATED_COMPLAINTS = ['Billing charged me twice this month, unacceptable', 'The CSV export times out on every large report, awful'];

describe('Tracked questions and question.verdict_changed', function () {
  this.timeout(120_000);
  let server: TestServer;
  let receiver: WebhookReceiver;

  before(async () => {
    receiver = await new WebhookReceiver().start();
    server = await startTestServer({ analyzer: 'offline', env: { WEBHOOK_ALLOW_HTTP: 'true', WEBHOOK_SECRET_KEY: 'c'.repeat(64) } });
  });
  after(async () => {
    await server?.close();
    await receiver?.close();
  });

  async function submitAll(project: TestProject, texts: string[]): Promise<string[]> {
    const ids: string[] = [];
    for (const text of texts) ids.push(await submitFeedback(server, project.secretKey, { text }));
    for (const id of ids) await waitForProcessed(server, project.secretKey, id);
    return ids;
  }

  const question = async (project: TestProject, id: string) => readJson(await server.request(`/api/v1/questions/${id}`, { key: project.secretKey }));

  it('follows the sentiment of matching feedback, delivers each verdict change, and shows its evidence', async () => {
    const project = await server.createProject({ name: 'Questions' });
    const hook = await server.request('/api/v1/webhooks', {
      method: 'POST',
      key: project.secretKey,
      body: JSON.stringify({ url: receiver.url('/questions'), events: ['question.verdict_changed'] }),
    });
    expect(hook.status).to.equal(201);
    const tracked = await trackQuestion(server.runtime, { projectId: project.projectId, text: 'Are customers happy with the new onboarding?' }, testContext());
    expect(tracked.about).to.equal('new onboarding');

    const list = await readJson(await server.request('/api/v1/questions', { key: project.secretKey }));
    expect(list.questions).to.have.length(1);
    expect(list.questions[0]).to.include({ id: tracked.questionId, text: 'Are customers happy with the new onboarding?', verdict: 'insufficient' });

    const praise = await submitAll(project, [...PRAISE, ...UNRELATED_COMPLAINTS]);
    await expectEventually(async () => expect((await question(project, tracked.questionId)).verdict).to.equal('positive'), {
      timeoutMs: 30_000,
      intervalMs: 300,
    });
    await expectEventually(() => expect(receiver.at('/questions')).to.have.length(1));
    const first = receiver.at('/questions')[0].json;
    expect(first.event).to.equal('question.verdict_changed');
    expect(first.data).to.include({ questionId: tracked.questionId, previousVerdict: 'insufficient', verdict: 'positive' });
    expect(first.data.counts.positive).to.be.at.least(5);

    const detail = await question(project, tracked.questionId);
    expect(detail.evidence.items.length).to.be.within(1, 5);
    for (const item of detail.evidence.items) expect(praise.slice(0, PRAISE.length)).to.include(item.feedbackId);
    expect(detail.evidence.counts.negative, 'billing and export complaints do not match the onboarding question').to.equal(0);

    await submitAll(project, COMPLAINTS);
    await expectEventually(
      async () => {
        const now = await question(project, tracked.questionId);
        expect(now.verdict, JSON.stringify(now.evidence.counts)).to.equal('negative');
      },
      { timeoutMs: 30_000, intervalMs: 300 },
    );
    const verdictChanges = () => receiver.at('/questions').map((delivery) => `${delivery.json.data.previousVerdict}->${delivery.json.data.verdict}`);
    // The way down may pass through `mixed`: each step is its own delivery, and the last may still be in flight.
    await expectEventually(() => expect(verdictChanges().some((change) => change.endsWith('->negative'))).to.equal(true), {
      timeoutMs: 30_000,
      intervalMs: 100,
    });
    const verdicts = verdictChanges();
    expect(verdicts[0]).to.equal('insufficient->positive');
    expect(new Set(receiver.at('/questions').map((delivery) => delivery.json.id)).size, 'each change is its own event').to.equal(verdicts.length);
  });
});
