import { expect } from 'chai';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { feedbackStream, type FeedbackSubmitted } from '../../src/domain/feedback/events.js';
import { badRowList, badRowReport } from '../../src/imports/bad-row-report.js';
import type { ImportFormatName } from '../../src/imports/formats.js';
import { importFeedbackFile, type ImportOptions } from '../../src/imports/import-feedback-file.js';
import { readJson } from '../support/http.js';
import { testContext } from '../support/test-context.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

const FIXTURES = path.resolve('test/fixtures/imports');
const GENERIC_MAP = 'text=Comment,userId=User,email=Email,createdAt=Date,meta.plan=Plan';

describe('feedbackctl import: files through the submit-feedback command (issue 12)', function () {
  this.timeout(60_000);
  let server: TestServer;
  let workDir: string;

  before(async () => {
    server = await startTestServer({ workers: false });
    workDir = mkdtempSync(path.join(tmpdir(), 'import-test-'));
  });
  after(async () => {
    await server.close();
    rmSync(workDir, { recursive: true, force: true });
  });

  const run = (projectId: string, file: string, format: ImportFormatName, extra: Partial<ImportOptions> = {}) =>
    importFeedbackFile(server.runtime, { projectId, path: path.resolve(FIXTURES, file), format, badRows: badRowList(100), ...extra }, testContext());

  async function listed(secretKey: string): Promise<any[]> {
    const body = await readJson(await server.request('/api/v1/feedback?limit=200', { key: secretKey }));
    return body.items;
  }

  async function submitted(id: string): Promise<FeedbackSubmitted['data']> {
    const [event] = await server.runtime.store.readStream(feedbackStream(id));
    expect(event.type).to.equal('FeedbackSubmitted');
    return event.data as FeedbackSubmitted['data'];
  }

  it('imports the good rows of a CSV with bad ones and reports each bad row by its physical line, without its content', async () => {
    const project = await server.createProject();
    const reportPath = path.join(workDir, 'report.csv');
    const badRows = badRowReport(reportPath);
    const summary = await run(project.projectId, 'feedback-with-bad-rows.csv', 'csv', { map: GENERIC_MAP, badRows });
    await badRows.close();
    expect(summary).to.deep.equal({ rows: 7, imported: 4, alreadyPresent: 0, bad: 3 });

    const report = parse(readFileSync(reportPath), { columns: true }) as { line: string; field: string; problem: string }[];
    // Line 3 starts a quoted field over three lines, so the row with an extra cell is on line 7.
    expect(report.map((row) => [row.line, row.field])).to.deep.equal([
      ['7', '(row)'],
      ['8', 'text'],
      ['9', 'createdAt'],
    ]);
    const reportText = readFileSync(reportPath, 'utf8');
    for (const content of ['one cell too many', 'yesterday', 'u-103', 'accent']) expect(reportText).not.to.include(content);

    const items = await listed(project.secretKey);
    expect(items.map((item) => item.userId).sort()).to.deep.equal(['u-100', 'u-101', 'u-102', 'u-106']);
    const multiLine = items.find((item) => item.userId === 'u-101');
    expect(multiLine.text).to.equal('The new dashboard is great, but:\n- filters reset when I switch tabs\n- the date picker ignores my locale');
    expect(multiLine).to.include({ source: 'csv', createdAt: '2025-03-02T10:01:00.000Z' });
    expect(multiLine.metadata).to.deep.equal({ plan: 'free' });
    // Redacted like any submission; "2025-03-02 09:14:00" is read as UTC.
    expect(items.find((item) => item.userId === 'u-102').text).to.equal('Bitte ruft mich an: [phone], die Rechnung ist doppelt abgebucht');
    expect(items.find((item) => item.userId === 'u-100').createdAt).to.equal('2025-03-02T09:14:00.000Z');
    expect((await submitted(items.find((item) => item.userId === 'u-100').id)).email).to.equal('ana@example.com');
  });

  it('reports a quote left open and a row over 1,000,000 characters once each, at their lines, and imports the rows after them', async () => {
    const project = await server.createProject();
    const file = path.join(workDir, 'runaway.csv');
    const rows = [
      'text,userId',
      'Fine first row,u-1',
      '"Quote left open here,u-2', // line 3: swallows lines 4 and 5
      'Swallowed row,u-3',
      '"Quoted again",u-4',
      `${'word '.repeat(300_000)},u-5`, // line 6: 1.5 million characters
      'Fine last row,u-6',
    ];
    writeFileSync(file, rows.join('\n') + '\n');
    const reportPath = path.join(workDir, 'runaway-report.csv');
    const badRows = badRowReport(reportPath);
    const summary = await importFeedbackFile(server.runtime, { projectId: project.projectId, path: file, format: 'csv', badRows }, testContext());
    await badRows.close();
    expect(summary).to.deep.equal({ rows: 4, imported: 2, alreadyPresent: 0, bad: 2 });
    const report = parse(readFileSync(reportPath), { columns: true }) as { line: string; field: string; problem: string }[];
    expect(report.map((row) => row.line)).to.deep.equal(['3', '6']);
    expect(report[0].problem).to.include('lines 3 to 5');
    expect(report[1].problem).to.equal('the row is longer than 1000000 characters');
    const reportText = readFileSync(reportPath, 'utf8');
    for (const content of ['Quote left open', 'Swallowed', 'word']) expect(reportText).not.to.include(content);
    expect((await listed(project.secretKey)).map((item) => item.userId).sort()).to.deep.equal(['u-1', 'u-6']);
  });

  it('importing the same file twice creates nothing new: each row keeps its Idempotency-Key', async () => {
    const project = await server.createProject();
    const first = await run(project.projectId, 'feedback-with-bad-rows.csv', 'csv', { map: GENERIC_MAP });
    const before = await listed(project.secretKey);
    const logBefore = await server.runtime.store.readAll({ commit: -1n, prepare: -1n }, 100_000);
    const second = await run(project.projectId, 'feedback-with-bad-rows.csv', 'csv', { map: GENERIC_MAP });
    expect(first).to.include({ imported: 4, alreadyPresent: 0 });
    expect(second).to.deep.equal({ rows: 7, imported: 0, alreadyPresent: 4, bad: 3 });
    expect((await listed(project.secretKey)).map((item) => item.id)).to.deep.equal(before.map((item) => item.id));
    const logAfter = await server.runtime.store.readAll({ commit: -1n, prepare: -1n }, 100_000);
    expect(logAfter.length).to.equal(logBefore.length);
  });

  it('a generic CSV is keyed by its row content, or by the column --map id= names', async () => {
    const project = await server.createProject();
    const [first, edited] = [path.join(workDir, 'first.csv'), path.join(workDir, 'edited.csv')];
    writeFileSync(first, 'ref,text\nT-1,Login page freezes on submit\n');
    writeFileSync(edited, 'ref,text\nT-1,Login page freezes on submit (edited)\n');
    const importFile = (file: string, map?: string) =>
      importFeedbackFile(server.runtime, { projectId: project.projectId, path: file, format: 'csv', map, badRows: badRowList(10) }, testContext());
    expect(await importFile(first)).to.include({ imported: 1 });
    expect(await importFile(edited)).to.include({ imported: 1, alreadyPresent: 0 }); // other content, another row
    expect(await importFile(first, 'id=ref')).to.include({ imported: 1, alreadyPresent: 0 }); // keyed by T-1 now
    expect(await importFile(edited, 'id=ref')).to.include({ imported: 0, alreadyPresent: 1 });
  });

  it('the same rows in another project are other items (the key is per project)', async () => {
    const [a, b] = [await server.createProject(), await server.createProject()];
    await run(a.projectId, 'appstore-apple.csv', 'appstore-apple');
    expect(await run(b.projectId, 'appstore-apple.csv', 'appstore-apple')).to.include({ imported: 3, alreadyPresent: 0 });
  });

  it('--dry-run checks every row and writes nothing', async () => {
    const project = await server.createProject();
    const kept = badRowList(100);
    const logBefore = await server.runtime.store.readAll({ commit: -1n, prepare: -1n }, 100_000);
    const summary = await run(project.projectId, 'feedback-with-bad-rows.csv', 'csv', { map: GENERIC_MAP, dryRun: true, badRows: kept });
    expect(summary).to.deep.equal({ rows: 7, imported: 0, alreadyPresent: 0, bad: 3 });
    expect(kept.rows.map((row) => row.line)).to.deep.equal([7, 8, 9]);
    expect(await listed(project.secretKey)).to.deep.equal([]);
    const logAfter = await server.runtime.store.readAll({ commit: -1n, prepare: -1n }, 100_000);
    expect(logAfter.length).to.equal(logBefore.length);
  });

  it('imported items are a backfill: marked so, and the webhook outbox treats them as such even when dated today', async () => {
    const project = await server.createProject();
    const file = path.join(workDir, 'today.csv');
    writeFileSync(file, `text,createdAt\n"Checkout button does nothing on Safari",${new Date().toISOString()}\n"Checkout button dead again",\n`);
    await importFeedbackFile(server.runtime, { projectId: project.projectId, path: file, format: 'csv', badRows: badRowList(10) }, testContext());
    const items = await listed(project.secretKey);
    expect(items).to.have.length(2);
    for (const item of items) expect((await submitted(item.id)).backfill).to.equal(true);
    const marked = await server.runtime.db.query<{ feedback_id: string }>(`SELECT feedback_id FROM webhook_backfilled_items WHERE feedback_id = ANY ($1)`, [
      items.map((item) => item.id),
    ]);
    expect(marked.rows.map((row) => row.feedback_id).sort()).to.deep.equal(items.map((item) => item.id).sort());
  });

  it('refuses a file without a text column, a --map naming a missing column, and an unknown project, before importing anything', async () => {
    const project = await server.createProject();
    const file = path.join(workDir, 'no-text.csv');
    writeFileSync(file, 'Body,When\nhello,2025-01-01\n');
    const attempt = (options: Partial<ImportOptions>) =>
      importFeedbackFile(server.runtime, { projectId: project.projectId, path: file, format: 'csv', badRows: badRowList(10), ...options }, testContext()).then(
        () => expect.fail('the import should have been refused'),
        (error: Error) => error.message,
      );
    expect(await attempt({})).to.include('--map text=COLUMN');
    expect(await attempt({ map: 'text=Comment' })).to.include('"Comment"');
    expect(await attempt({ projectId: 'prj_missing', map: 'text=Body' })).to.include('no project prj_missing');
    expect(await listed(project.secretKey)).to.deep.equal([]);
  });

  describe('shipped mappings, each on a sample in the tool’s own export format', () => {
    it('App Store Connect reviews: source appstore, title before the body, rating, version and territory as metadata, the review id as key', async () => {
      const project = await server.createProject();
      expect(await run(project.projectId, 'appstore-apple.csv', 'appstore-apple')).to.deep.equal({ rows: 3, imported: 3, alreadyPresent: 0, bad: 0 });
      const items = await listed(project.secretKey);
      const crash = items.find((item) => item.text.startsWith('Crashes on launch'));
      expect(crash).to.include({ source: 'appstore', createdAt: '2025-02-11T16:22:41.000Z', userId: null });
      expect(crash.text).to.equal(
        'Crashes on launch\n\nSince the last update the app crashes every time I open it on my iPhone 12. Reinstalling did not help.',
      );
      expect(crash.metadata).to.deep.equal({ rating: 1, version: '4.2.0', territory: 'USA' });
      expect(items.map((item) => item.metadata.territory).sort()).to.deep.equal(['DEU', 'GBR', 'USA']);
      // The reviewer's nickname is not carried anywhere.
      expect(JSON.stringify(items)).not.to.include('nightowl_77');
    });

    it('Google Play review reports (UTF-16): source appstore, star rating, version name, language and device as metadata', async () => {
      const project = await server.createProject();
      expect(await run(project.projectId, 'appstore-google.csv', 'appstore-google')).to.deep.equal({ rows: 3, imported: 3, alreadyPresent: 0, bad: 0 });
      const items = await listed(project.secretKey);
      const spanish = items.find((item) => item.metadata.language === 'es');
      expect(spanish).to.include({
        source: 'appstore',
        text: 'Me encanta el modo sin conexión, lo uso en el metro todos los días.',
        createdAt: '2025-02-11T18:02:44.000Z',
      });
      expect(spanish.metadata).to.deep.equal({ rating: 5, version: '4.2.1', language: 'es', device: 'OnePlus8T', app: 'com.example.notes' });
    });

    it('Intercom conversations: source intercom, the user’s email as the item’s email identity, the conversation id as key', async () => {
      const project = await server.createProject();
      expect(await run(project.projectId, 'intercom-conversations.csv', 'intercom')).to.deep.equal({ rows: 3, imported: 3, alreadyPresent: 0, bad: 0 });
      const items = await listed(project.secretKey);
      expect(items.every((item) => item.source === 'intercom')).to.equal(true);
      const billing = items.find((item) => item.userId === 'cust_8812');
      expect(billing).to.include({ createdAt: '2025-01-20T14:03:11.000Z' });
      expect(billing.metadata).to.deep.equal({ channel: 'Messenger', rating: 4, tags: 'billing, refund' });
      expect((await submitted(billing.id)).email).to.equal('li.wei@example.com');
      const portuguese = items.find((item) => item.text.startsWith('Import failing'));
      expect(portuguese.userId).to.equal(null);
      expect((await submitted(portuguese.id)).email).to.equal('joao.silva@example.org');
    });

    it('Zendesk tickets: source zendesk, subject before the description, the requester’s email as the email identity, offsets honoured', async () => {
      const project = await server.createProject();
      expect(await run(project.projectId, 'zendesk-tickets.csv', 'zendesk')).to.deep.equal({ rows: 3, imported: 3, alreadyPresent: 0, bad: 0 });
      const items = await listed(project.secretKey);
      const password = items.find((item) => item.text.startsWith('Cannot reset password'));
      expect(password).to.include({ source: 'zendesk', userId: 'crm-5521', createdAt: '2025-02-03T08:12:44.000Z' });
      expect(password.metadata).to.deep.equal({ channel: 'Web form', type: 'Problem', priority: 'normal', tags: 'password login', satisfaction: 'Good' });
      expect((await submitted(password.id)).email).to.equal('maria.gonzalez@example.com');
      const japanese = items.find((item) => item.metadata.priority === 'high');
      expect(japanese.text).to.equal('CSVエクスポートの文字化け\n\nCSVをExcelで開くと日本語が文字化けします。UTF-8 BOMを付けてもらえませんか?');
      expect((await submitted(japanese.id)).email).to.equal('kenji.sato@example.jp');
      // Requester names are not imported.
      expect(JSON.stringify(items)).not.to.include('Maria Gonzalez');
    });
  });

  it('a missing file is refused with its path', async () => {
    const project = await server.createProject();
    const missing = path.join(workDir, 'nope.csv');
    const message = await run(project.projectId, missing, 'csv').then(
      () => 'imported',
      (error: Error) => error.message,
    );
    expect(message).to.include(`cannot read ${missing}`);
    expect(existsSync(missing)).to.equal(false);
  });
});
