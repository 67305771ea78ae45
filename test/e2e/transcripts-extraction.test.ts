import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { expectEventually } from '../support/eventually.js';
import { readJson, type TestProject } from '../support/http.js';
import { LogCapture } from '../support/log-capture.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { conversation, CUSTOMER, getTranscript, OWNER_EMAIL, postTranscript } from '../support/transcripts.js';

interface LabelledCall {
  id: string;
  internal?: boolean;
  body: Record<string, unknown>;
  moments: string[];
}
const calls: LabelledCall[] = JSON.parse(readFileSync(new URL('../fixtures/transcripts/calls.json', import.meta.url), 'utf8'));
const call = (id: string) => calls.find((c) => c.id === id)!;
/** Neutral turns (no feedback) that take a short labelled call over the 800 words intake wants. */
const padding = conversation(900, ['Sam Rivera', 'Priya']);

/** Spec 3.2 (queued → extracting → done | skipped internal_call), 4.13 rule 11, over real HTTP with the workers running. */
describe('transcript extraction: quotes become feedback items (spec 3.2, 4.13 rule 11)', () => {
  let server: TestServer;
  let project: TestProject;
  const log = new LogCapture();

  before(async () => {
    server = await startTestServer({ env: { LOG_LEVEL: 'trace' }, logStream: log });
    project = await server.createProject({ name: 'Extraction' });
  });
  after(() => server.close());

  const send = async (externalId: string, body: Record<string, unknown>) => {
    const response = await postTranscript(server, project.secretKey, {
      external_id: externalId,
      owner_email: OWNER_EMAIL,
      attendees: [{ ...CUSTOMER, name: 'Priya Raman' }],
      url: 'https://notetaker.example/calls/42',
      ...body,
    });
    expect(response.status).to.equal(202);
    return readJson(response);
  };
  const transcript = async (id: string) => readJson(await getTranscript(server, project.secretKey, id));
  const callItems = async () => {
    const response = await server.request('/api/v1/feedback?limit=200', { key: project.secretKey });
    return ((await readJson(response)).items as Record<string, any>[]).filter((item) => item.source === 'call');
  };

  it("the customer's feedback moments become items with source call: verbatim, linked to the call; the rep's lines and small talk do not", async () => {
    const labelled = call('boardly-onboarding-en');
    const accepted = await send('onboarding', { ...labelled.body, text: `${String(labelled.body.text)}\n${padding}` });
    expect(accepted.status).to.equal('queued');
    await expectEventually(async () => expect(await transcript(accepted.id)).to.include({ status: 'done' }), { timeoutMs: 20_000, intervalMs: 250 });
    const detail = await transcript(accepted.id);
    expect(detail.signal_count).to.be.within(2, 4);
    expect(Date.parse(detail.extracted_at)).to.be.greaterThan(0);
    const items = await callItems();
    expect(items).to.have.length(detail.signal_count);
    const texts = items.map((item) => item.text).join('\n');
    for (const moment of labelled.moments) expect(texts).to.include(moment);
    expect(texts).not.to.include('traffic');
    expect(texts).not.to.include("That's on our roadmap");
    for (const item of items) {
      expect(item.metadata).to.include({ transcript_id: accepted.id, speaker: 'them', url: 'https://notetaker.example/calls/42' });
      expect(item.metadata.start_sec).to.be.a('number');
    }
    await expectEventually(async () => expect((await callItems()).every((item) => item.status === 'processed')).to.equal(true), {
      timeoutMs: 30_000,
      intervalMs: 250,
    });
  });

  it('the work row holding the text is gone once extraction ends; the text is in no event and no log line', async () => {
    const rows = await server.runtime.db.query(`SELECT 1 FROM transcript_extractions`);
    expect(rows.rows).to.have.length(0);
    const events = await server.runtime.db.query<{ row: string }>(`SELECT row_to_json(e)::text AS row FROM events e`);
    const stored = events.rows.map((r) => r.row).join('\n');
    for (const aside of ['the traffic was awful this morning', 'Can you hear me okay', 'word42 word43']) {
      expect(stored, aside).not.to.include(aside);
      expect(log.text, aside).not.to.include(aside);
    }
  });

  it('a call judged internal (spec 3.2) ends skipped internal_call, still counted, with no items', async () => {
    const labelled = call('boardly-internal-sync');
    const before = (await callItems()).length;
    const accepted = await send('internal', { ...labelled.body, text: `${String(labelled.body.text)}\n${padding}` });
    expect(accepted.status).to.equal('queued');
    await expectEventually(async () => expect(await transcript(accepted.id)).to.include({ status: 'skipped', skip_reason: 'internal_call' }), {
      timeoutMs: 20_000,
      intervalMs: 250,
    });
    expect(await transcript(accepted.id)).to.include({ metered_items: accepted.metered_items, signal_count: 0 });
    expect(await callItems()).to.have.length(before);
  });

  it("the attendees' and speakers' names and other personal data are redacted from the quotes", async () => {
    const text =
      `Sam Rivera: How is the export?\nPriya: Honestly the export keeps failing for Priya Raman and for Okonkwo every single morning, ` +
      `call me on +44 20 7946 0958 about it.\n${padding}`;
    const accepted = await send('redacted', {
      owner_name: 'Sam Rivera',
      attendees: [
        { ...CUSTOMER, name: 'Priya Raman' },
        { name: 'Chidi Okonkwo', external: true },
      ],
      text,
    });
    await expectEventually(async () => expect(await transcript(accepted.id)).to.include({ status: 'done', signal_count: 1 }), {
      timeoutMs: 20_000,
      intervalMs: 250,
    });
    const item = (await callItems()).find((candidate) => candidate.metadata.transcript_id === accepted.id)!;
    expect(item.text).to.include('the export keeps failing for [name]');
    for (const personal of ['Priya', 'Raman', 'Okonkwo', '7946']) expect(item.text).not.to.include(personal);
  });

  it('a call with no feedback is done with signal_count 0', async () => {
    const accepted = await send('padding-only', { owner_name: 'Sam Rivera', text: padding });
    await expectEventually(async () => expect(await transcript(accepted.id)).to.include({ status: 'done', signal_count: 0 }), {
      timeoutMs: 20_000,
      intervalMs: 250,
    });
  });
});
