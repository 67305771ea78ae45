import { expect } from 'chai';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { badRowList } from '../../src/imports/bad-row-report.js';
import { importFeedbackFile } from '../../src/imports/import-feedback-file.js';
import { exportCommand } from '../../src/cli/commands/export.js';
import { submitFeedback } from '../support/feedback.js';
import { expectInvalidField, expectProblem, readJson } from '../support/http.js';
import { testContext } from '../support/test-context.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

type Project = Awaited<ReturnType<TestServer['createProject']>>;

describe('GET /api/v1/feedback/export: every matching item, streamed as CSV or NDJSON (issue 12)', function () {
  this.timeout(120_000);
  let server: TestServer;
  let project: Project;
  let workDir: string;

  const exportOf = (query: string, key = project.secretKey) => server.request(`/api/v1/feedback/export?${query}`, { key });
  async function listOf(query: string): Promise<any[]> {
    return (await readJson(await server.request(`/api/v1/feedback?limit=200&${query}`, { key: project.secretKey }))).items;
  }

  before(async () => {
    server = await startTestServer({ workers: false });
    workDir = mkdtempSync(path.join(tmpdir(), 'export-test-'));
    project = await server.createProject();
    const other = await server.createProject();
    await submitFeedback(server, other.secretKey, { text: 'Another project’s item, never exported here', metadata: { team: 'mobile' } });
    await submitFeedback(server, project.secretKey, {
      text: 'Sync fails, says "quota exceeded"\nthen logs me out; write to me at ana@example.com',
      metadata: { team: 'mobile', seats: 5 },
      createdAt: '2025-01-10T08:00:00Z',
    });
    await submitFeedback(server, project.secretKey, { text: 'Web editor loses the cursor', metadata: { team: 'web' }, createdAt: '2025-01-11T08:00:00Z' });
    await submitFeedback(server, project.secretKey, { text: 'Widget, on Android, is slow', metadata: { team: 'mobile' }, createdAt: '2025-01-12T08:00:00Z' });
    await importFeedbackFile(
      server.runtime,
      { projectId: project.projectId, path: path.resolve('test/fixtures/imports/appstore-apple.csv'), format: 'appstore-apple', badRows: badRowList(10) },
      testContext(),
    );
  });
  after(async () => {
    await server.close();
    rmSync(workDir, { recursive: true, force: true });
  });

  it('CSV with a filter: a header, one row per matching item (the list’s items), the redacted text quoted back exactly', async () => {
    const response = await exportOf('format=csv&source=api&meta=team:mobile');
    expect(response.status).to.equal(200);
    expect(response.headers.get('content-type')).to.equal('text/csv; charset=utf-8');
    const text = await response.text();
    expect(text.split('\n')[0]).to.equal('id,createdAt,text,status,sentiment,sentimentScore,type,emotions,language,clusterId,userId,source,metadata,churnRisk');
    const rows = parse(text, { columns: true }) as Record<string, string>[];
    const listed = await listOf('source=api&meta=team:mobile');
    expect(listed).to.have.length(2);
    expect(rows.map((row) => row.id)).to.deep.equal(listed.map((item) => item.id));
    expect(rows.map((row) => row.text)).to.deep.equal(listed.map((item) => item.text));
    expect(rows[1].text).to.equal('Sync fails, says "quota exceeded"\nthen logs me out; write to me at [email]');
    expect(text).not.to.include('ana@example.com');
    expect(JSON.parse(rows[1].metadata)).to.deep.equal({ team: 'mobile', seats: 5 });
    expect(rows[1]).to.include({ createdAt: '2025-01-10T08:00:00.000Z', source: 'api', status: 'pending', sentiment: '', clusterId: '', churnRisk: '' });
  });

  it('NDJSON with a filter: one item per line, exactly as the list shows it', async () => {
    const response = await exportOf('format=ndjson&source=appstore');
    expect(response.status).to.equal(200);
    expect(response.headers.get('content-type')).to.equal('application/x-ndjson');
    const text = await response.text();
    expect(text.endsWith('\n')).to.equal(true);
    const items = text
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(items).to.deep.equal(await listOf('source=appstore'));
    expect(items).to.have.length(3);
  });

  it('without filters: every item of the project and none of another; CSV is the default', async () => {
    const text = await (await exportOf('')).text();
    const rows = parse(text, { columns: true }) as Record<string, string>[];
    expect(rows.map((row) => row.id)).to.deep.equal((await listOf('')).map((item) => item.id));
    expect(rows).to.have.length(6);
    expect(text).not.to.include('Another project');
  });

  it('reads past a page (more than 500 matching items), each item once', async function () {
    const crowded = await server.createProject();
    const file = path.join(workDir, 'many.csv');
    writeFileSync(file, 'text\n' + Array.from({ length: 1_050 }, (_, i) => `Item number ${i} about the export`).join('\n') + '\n');
    await importFeedbackFile(server.runtime, { projectId: crowded.projectId, path: file, format: 'csv', badRows: badRowList(10) }, testContext());
    const text = await (await exportOf('format=ndjson', crowded.secretKey)).text();
    const ids = text
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line).id);
    expect(ids).to.have.length(1_050);
    expect(new Set(ids).size).to.equal(1_050);
  });

  it('hostile query values are 400 naming the field; a widget key is refused', async () => {
    await expectInvalidField(await exportOf('format=xml'), 'format');
    await expectInvalidField(await exportOf('format=csv&sentiment=furious'), 'sentiment');
    await expectInvalidField(await exportOf('source=fax'), 'source');
    await expectInvalidField(await exportOf('sentiment=pos%00itive'), 'sentiment');
    await expectInvalidField(await exportOf('meta=no-colon'), 'meta.0');
    await expectInvalidField(await exportOf('before=last-tuesday'), 'before');
    await expectInvalidField(await exportOf(`cluster=${'c'.repeat(5_000)}`), 'cluster');
    await expectInvalidField(await exportOf('cluster='), 'cluster');
    await expectInvalidField(await exportOf('format=%ED%A0%80'), 'format');
    await expectInvalidField(await exportOf('limit=5'), 'limit');
    await expectProblem(await exportOf('format=csv', project.widgetKey), 401, 'unauthorized');
    expect((await exportOf('format=csv')).status).to.equal(200);
  });

  describe('cells a spreadsheet would run as formulas (CSV injection)', () => {
    /** Texts as stored and as a CSV cell writes them by default: `'` before =, +, -, @, tab and CR, nothing trimmed. */
    const SHAPES: [string, string][] = [
      ['=1+1', "'=1+1"],
      ['+1 for dark mode', "'+1 for dark mode"],
      ['-5 stars if I could', "'-5 stars if I could"],
      ['@SUM(A1:A9) breaks my sheet', "'@SUM(A1:A9) breaks my sheet"],
      ['\t=1+1 hidden behind a tab', "'\t=1+1 hidden behind a tab"],
      ['\r=1+1 hidden behind a carriage return', "'\r=1+1 hidden behind a carriage return"],
      ['A normal cell, = later is fine', 'A normal cell, = later is fine'],
      ['-5', "'-5"],
    ];
    let formulas: Project;
    const byText = new Map<string, string>(); // stored text → id

    before(async () => {
      formulas = await server.createProject();
      for (const [index, [text]] of SHAPES.entries()) {
        const createdAt = `2025-02-0${index + 1}T08:00:00Z`;
        byText.set(text, await submitFeedback(server, formulas.secretKey, { text, userId: index === 0 ? '=HYPERLINK("x")' : `u-${index}`, createdAt }));
      }
    });

    const rowsOf = (csv: string) => parse(csv, { columns: true }) as Record<string, string>[];
    const cellsById = (csv: string) => new Map(rowsOf(csv).map((row) => [row.id, row]));

    function expectNeutralised(csv: string): void {
      const rows = cellsById(csv);
      for (const [text, cell] of SHAPES) expect(rows.get(byText.get(text)!)!.text, JSON.stringify(text)).to.equal(cell);
      expect(rows.get(byText.get('=1+1')!)!.userId).to.equal(`'=HYPERLINK("x")`);
    }

    function expectAsStored(csv: string): void {
      const rows = cellsById(csv);
      for (const [text] of SHAPES) expect(rows.get(byText.get(text)!)!.text, JSON.stringify(text)).to.equal(text);
      expect(rows.get(byText.get('=1+1')!)!.userId).to.equal('=HYPERLINK("x")');
    }

    it('GET export (CSV, the default) prefixes each of them with a quote and trims nothing; the stored text is unchanged', async () => {
      const response = await exportOf('format=csv', formulas.secretKey);
      expect(response.status).to.equal(200);
      expectNeutralised(await response.text());
      expectNeutralised(await (await exportOf('', formulas.secretKey)).text());
      for (const [text] of SHAPES) {
        const item = await readJson(await server.request(`/api/v1/feedback/${byText.get(text)}`, { key: formulas.secretKey }));
        expect(item.text).to.equal(text);
      }
    });

    it('raw=true writes every cell as stored; raw=false is the default; NDJSON is never changed', async () => {
      expectAsStored(await (await exportOf('format=csv&raw=true', formulas.secretKey)).text());
      expectNeutralised(await (await exportOf('format=csv&raw=false', formulas.secretKey)).text());
      for (const raw of ['', 'false']) {
        const ndjson = await (await exportOf(`format=ndjson${raw && `&raw=${raw}`}`, formulas.secretKey)).text();
        const texts = ndjson
          .trimEnd()
          .split('\n')
          .map((line) => JSON.parse(line).text);
        expect(texts.sort()).to.deep.equal(SHAPES.map(([text]) => text).sort());
      }
    });

    it('raw must be true or false: anything else is 400 naming raw', async () => {
      for (const raw of ['yes', '1', 'TRUE', '', 'true%00']) await expectInvalidField(await exportOf(`raw=${raw}`, formulas.secretKey), 'raw');
    });

    it('feedbackctl export does the same, and --raw writes the cells as stored', async () => {
      const lines: string[] = [];
      const print = (line: string) => lines.push(line);
      await exportCommand(server.runtime, ['--project', formulas.projectId], print);
      expectNeutralised(lines.join('\n') + '\n');
      const out = path.join(workDir, 'formulas.csv');
      await exportCommand(server.runtime, ['--project', formulas.projectId, '--format', 'csv', '--out', out], () => undefined);
      expectNeutralised(readFileSync(out, 'utf8'));
      lines.length = 0;
      await exportCommand(server.runtime, ['--project', formulas.projectId, '--raw'], print);
      expectAsStored(lines.join('\n') + '\n');
      let refused: unknown;
      await exportCommand(server.runtime, ['--project', formulas.projectId, '--raw=yes'], print).catch((error: unknown) => (refused = error));
      expect((refused as NodeJS.ErrnoException).code).to.match(/^ERR_PARSE_ARGS/);
    });
  });
});
