import { expect } from 'chai';
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { serviceOpenApiDocument } from '../support/openapi-document.js';

const REDOCLY = fileURLToPath(new URL('../../node_modules/@redocly/cli/bin/cli.js', import.meta.url));

/** Warnings we accept, each for a reason the document cannot change. */
const ACCEPTED_WARNINGS = [
  // The package is private and has no licence to name.
  { ruleId: 'info-license', pointer: '#/info' },
  // 405 answers a method a path does *not* have, so no operation can list it; it is documented for clients all the same.
  { ruleId: 'no-unused-components', pointer: '#/components/responses/MethodNotAllowed' },
];

interface LintProblem {
  ruleId: string;
  severity: 'error' | 'warn';
  message: string;
  location: { pointer: string }[];
}

/** Runs Redocly CLI's linter (recommended rules) on the document, offline: no telemetry, no update check. */
async function lint(document: unknown): Promise<{ totals: { errors: number; warnings: number }; problems: LintProblem[] }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'openapi-lint-'));
  try {
    const file = path.join(dir, 'openapi.json');
    await writeFile(file, JSON.stringify(document, null, 2));
    const { stdout } = await promisify(execFile)(process.execPath, [REDOCLY, 'lint', file, '--format=json', '--extends=recommended'], {
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_NOTIFICATIONS: 'true', NO_COLOR: '1' },
      maxBuffer: 16 * 1024 * 1024,
    }).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' })); // exit code 1 when there are errors: the report says which
    return JSON.parse(stdout);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describe('the OpenAPI document passes an OpenAPI 3.1 linter', function () {
  this.timeout(60_000);

  it('Redocly CLI, recommended rules: no errors, and no warnings beyond the accepted ones (examples match their schemas)', async () => {
    const report = await lint(serviceOpenApiDocument());
    const summary = (p: LintProblem) => `${p.severity} ${p.ruleId} at ${p.location[0]?.pointer}: ${p.message}`;
    const errors = report.problems.filter((p) => p.severity === 'error');
    expect(report.totals.errors, errors.map(summary).join('\n')).to.equal(0);
    const unexpected = report.problems.filter(
      (p) => !ACCEPTED_WARNINGS.some((accepted) => accepted.ruleId === p.ruleId && accepted.pointer === p.location[0]?.pointer),
    );
    expect(unexpected.map(summary)).to.deep.equal([]);
  });

  it('would catch an example that does not match its schema', async () => {
    const document = serviceOpenApiDocument();
    document.paths['/api/v1/ping'].get.responses['200'].content['application/json'].example.key.mode = 'staging';
    const report = await lint(document);
    expect(report.problems.map((p) => p.ruleId)).to.include('no-invalid-media-type-examples');
  });
});
