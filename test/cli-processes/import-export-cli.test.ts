import { expect } from 'chai';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { cli, startServe, type CliResult, type ServeProcess } from '../support/feedbackctl-process.js';

const FIXTURE = path.resolve('test/fixtures/imports/feedback-with-bad-rows.csv');
const MAP = 'text=Comment,userId=User,email=Email,createdAt=Date,meta.plan=Plan';

function expectSuccess(result: CliResult): void {
  expect(result.code, `exit code; stderr: ${result.stderr}`).to.equal(0);
}

describe('feedbackctl import and export, as an operator runs them', function () {
  this.timeout(180_000);
  let dataDir: string;
  let workDir: string;
  let projectId: string;

  before(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'feedbackctl-import-'));
    workDir = mkdtempSync(path.join(tmpdir(), 'feedbackctl-import-work-'));
    const created = await cli(dataDir, ['project', 'create', '--name', 'Imports', '--json']);
    expectSuccess(created);
    projectId = JSON.parse(created.stdout).projectId;
  });
  after(() => {
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(workDir, { recursive: true, force: true });
  });

  it('--dry-run lists the bad rows by line and writes nothing (no items, no report file)', async () => {
    const report = path.join(workDir, 'dry.csv');
    const result = await cli(dataDir, ['import', FIXTURE, '--project', projectId, '--map', MAP, '--report', report, '--dry-run']);
    expectSuccess(result);
    expect(result.stdout).to.include('7 rows, 4 to import, 3 bad; nothing written');
    expect(result.stdout).to.match(/line 7: \(row\) the row has 7 fields/);
    expect(result.stdout).to.include('line 9: createdAt must be');
    expect(result.stdout).not.to.include('yesterday');
    expect(existsSync(report)).to.equal(false);
    const exported = await cli(dataDir, ['export', '--project', projectId, '--format', 'ndjson']);
    expectSuccess(exported);
    expect(exported.stdout).to.equal('');
  });

  it('imports in its own process, says where the bad rows are, and a second run finds every row present', async () => {
    const report = path.join(workDir, 'bad.csv');
    const first = await cli(dataDir, ['import', FIXTURE, '--project', projectId, '--map', MAP, '--report', report]);
    expectSuccess(first);
    expect(first.stdout).to.include('4 new, 0 already present, 3 bad rows');
    expect(first.stdout).to.include(report);
    expect(first.stderr).to.equal(''); // not a terminal: no progress line for 7 rows
    expect((parse(readFileSync(report), { columns: true }) as { line: string }[]).map((row) => row.line)).to.deep.equal(['7', '8', '9']);
    const second = await cli(dataDir, ['import', FIXTURE, '--project', projectId, '--map', MAP, '--report', report]);
    expectSuccess(second);
    expect(second.stdout).to.include('0 new, 4 already present, 3 bad rows');
  });

  it('usage mistakes exit 2 naming the option', async () => {
    const badFormat = await cli(dataDir, ['import', FIXTURE, '--project', projectId, '--format', 'excel']);
    expect(badFormat.code).to.equal(2);
    expect(badFormat.stderr).to.include('--format must be one of csv, appstore-apple, appstore-google, intercom, zendesk');
    const badFilter = await cli(dataDir, ['export', '--project', projectId, '--sentiment', 'furious']);
    expect(badFilter.code).to.equal(2);
    expect(badFilter.stderr).to.include('--sentiment');
  });

  describe('while `feedbackctl serve` holds the data directory', () => {
    let serve: ServeProcess;
    before(async () => {
      serve = await startServe(dataDir, { env: { ANALYZER: 'offline' } });
    });
    after(async () => {
      await serve.stop();
    });

    it('import runs inside the service (relative paths resolved here) and export --out writes the file', async () => {
      const relative = path.relative(process.cwd(), path.resolve('test/fixtures/imports/zendesk-tickets.csv'));
      const imported = await cli(dataDir, [
        'import',
        relative,
        '--project',
        projectId,
        '--format',
        'zendesk',
        '--report',
        path.join(workDir, 'zendesk-bad.csv'),
      ]);
      expectSuccess(imported);
      expect(imported.stdout).to.include('3 new, 0 already present, 0 bad rows');
      const out = path.join(workDir, 'export.csv');
      const exported = await cli(dataDir, ['export', '--project', projectId, '--source', 'zendesk', '--out', out]);
      expectSuccess(exported);
      const rows = parse(readFileSync(out), { columns: true }) as Record<string, string>[];
      expect(rows.map((row) => row.source)).to.deep.equal(['zendesk', 'zendesk', 'zendesk']);
      expect(rows.map((row) => row.createdAt)).to.deep.equal(['2025-02-05T15:20:00.000Z', '2025-02-04T01:55:10.000Z', '2025-02-03T08:12:44.000Z']);
    });
  });
});
