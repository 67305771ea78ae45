import { expect } from 'chai';
import { LogCapture } from '../support/log-capture.js';
import { startTestServer, waitForProcessed, type TestServer } from '../support/test-server.js';

const SECRET = 'Zelda Quintrell';
const EMAIL = 'zelda.quintrell@example.org';

/**
 * Database errors logged parts of the feedback text. A run full of bad
 * input, at the most verbose log level, leaves no submitted text or personal data in the log.
 */
describe('no personal data in the log, whatever the input', () => {
  let server: TestServer;
  let secretKey: string;
  const log = new LogCapture();

  before(async () => {
    server = await startTestServer({ env: { LOG_LEVEL: 'trace' }, logStream: log });
    ({ secretKey } = await server.createProject({ name: 'Logs' }));
  });
  after(() => server.close());

  const post = (body: string) => server.request('/api/v1/feedback', { method: 'POST', key: secretKey, body });

  it('bad and good submissions carrying names, emails and text are answered', async () => {
    const bad = [
      { text: `${SECRET} says\u0000 it crashes`, email: EMAIL },
      { text: `${SECRET} cut mid-emoji \ud83d`, email: EMAIL },
      { text: `Call ${SECRET}`, createdAt: '0000-01-01T00:00:00Z', email: EMAIL },
      { text: `Call ${SECRET}`, metadata: { note: `${SECRET}\u0000` } },
      { text: `Call ${SECRET}`, email: `${EMAIL}\u0000` },
      { text: `Call ${SECRET}`, userId: `${SECRET}\udc00` },
      { text: `Call ${SECRET}`, [SECRET]: EMAIL },
    ];
    for (const body of bad) expect((await post(JSON.stringify(body))).status, JSON.stringify(body)).to.equal(400);
    expect((await post(`{"text": "${SECRET} writes broken JSON`)).status).to.equal(400);
    expect((await server.request(`/api/v1/search?q=${encodeURIComponent(SECRET + '\u0000')}`, { key: secretKey })).status).to.equal(400);
    expect((await server.request(`/api/v1/search?q=${encodeURIComponent(SECRET)}`, { key: secretKey })).status).to.equal(200);
    const good = await post(JSON.stringify({ text: `${SECRET} (${EMAIL}) cannot export to CSV`, email: EMAIL, userId: 'u-1' }));
    expect(good.status).to.equal(202);
    await waitForProcessed(server, secretKey, ((await good.json()) as { id: string }).id);
  });

  it('the log has lines, and none holds the text, the name, the email or the key', () => {
    expect(log.lines.length).to.be.greaterThan(10);
    const text = log.text;
    for (const secret of [SECRET, 'Zelda', 'Quintrell', EMAIL, 'zelda.quintrell', secretKey, 'cannot export']) {
      expect(text, secret).to.not.include(secret);
    }
  });
});
