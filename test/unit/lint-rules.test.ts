import { expect } from 'chai';
import { ESLint } from 'eslint';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';

/** The layer rules that `npm test` lints with are live (each one refuses what it should). */
describe('lint layer rules', function () {
  this.timeout(60_000);
  const eslint = new ESLint();
  const rulesBroken = async (code: string, filePath: string) => (await eslint.lintText(code, { filePath }))[0].messages.map((message) => message.ruleId);

  it('the domain imports nothing outside src/domain', async () => {
    expect(await rulesBroken(`import { AppError } from '../../http/app-error.js';\nexport const x = AppError;\n`, 'src/domain/feedback/x.ts')).to.include(
      'no-restricted-imports',
    );
    expect(await rulesBroken(`import { x } from '../../http/app.js';\nexport const y = x;\n`, 'src/domain/feedback/y.ts')).to.include('no-restricted-imports');
    expect(await rulesBroken(`import { NotFound } from '../errors.js';\nexport const x = NotFound;\n`, 'src/domain/feedback/z.ts')).to.deep.equal([]);
  });

  it('the domain imports no data file and not the loader of resources/: the data comes in as parameters', async () => {
    const json = `import words from './words.json' with { type: 'json' };\nexport const x = words;\n`;
    expect(await rulesBroken(json, 'src/domain/text/x.ts')).to.include('no-restricted-imports');
    expect(await rulesBroken(json, 'src/resources/x.ts')).to.deep.equal([]);
    const loader = `import { ASPECTS } from '../../resources/aspect-taxonomy.js';\nexport const x = ASPECTS;\n`;
    expect(await rulesBroken(loader, 'src/domain/cluster/x.ts')).to.include('no-restricted-imports');
  });

  it('command handlers do not import queries; routes may answer with them', async () => {
    const code = `import { findFeedback } from '../../queries/feedback-detail/query.js';\nexport const x = findFeedback;\n`;
    expect(await rulesBroken(code, 'commands/identify-user/handler.ts')).to.include('no-restricted-imports');
    expect(await rulesBroken(code, 'commands/identify-user/route.ts')).to.deep.equal([]);
  });

  /** Writes `files` into a fresh folder under `parent`, runs dependency-cruiser on it and returns its report. */
  const cruise = (parent: string, files: Record<string, string>) => {
    const dir = mkdtempSync(path.join(parent, '.cruise-'));
    try {
      for (const [name, code] of Object.entries(files)) writeFileSync(path.join(dir, name), code);
      const run = spawnSync(process.execPath, ['node_modules/dependency-cruiser/bin/dependency-cruise.mjs', dir, '--config', '.dependency-cruiser.cjs'], {
        encoding: 'utf8',
        // CI forces colour; the report is matched as plain text.
        env: { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1' },
      });
      return { status: run.status, report: stripVTControlCharacters(run.stdout) };
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };

  it('an import cycle is refused, through type-only imports too', () => {
    const { status, report } = cruise('test', {
      'a.ts': `import { b } from './b.js';\nimport type { C } from './c.js';\nexport const a = (x?: C) => b ?? x;\n`,
      'b.ts': `import { a } from './a.js';\nexport const b = () => a;\n`,
      'c.ts': `import type { a } from './a.js';\nexport type C = typeof a;\n`,
    });
    expect(status).to.not.equal(0);
    expect(report).to.match(/no-circular: \S+\/a\.ts → \s+\S+\/b\.ts →/);
    expect(report).to.match(/no-circular: \S+\/a\.ts → \s+\S+\/c\.ts →/);
  });

  it('a layer imports from the layers below it, never from those above', () => {
    const upward = cruise('src/support', {
      'up.ts': `import { WORK_LEASE_SECONDS } from '../../work/lease-renewal.js';\nexport const x = WORK_LEASE_SECONDS;\n`,
    });
    expect(upward.status).to.not.equal(0);
    expect(upward.report).to.match(/layer-support: src\/support\/\.cruise-\w+\/up\.ts → src\/work\/lease-renewal\.ts/);
    const downward = cruise('src/work', {
      'down.ts': `import { WORK_LEASE_SECONDS } from '../../support/work-lease.js';\nexport const x = WORK_LEASE_SECONDS;\n`,
    });
    expect(downward.report).to.not.match(/layer-/);
    expect(downward.status).to.equal(0);
  });

  it('the admin channel runs the commands; the commands never reach up to the admin channel or the feedbackctl program', () => {
    const admin = cruise('src/admin', {
      'runs.ts': `import { findCommand } from '../../cli/command-table.js';\nexport const x = findCommand;\n`,
    });
    expect(admin.report).to.not.match(/layer-/);
    expect(admin.status).to.equal(0);
    const { status, report } = cruise('src/cli/commands', {
      'up.ts': `import { askRunningService } from '../../../admin/admin-client.js';\nimport type { CliCommand } from '../../feedbackctl.js';\nexport const x: CliCommand | typeof askRunningService = askRunningService;\n`,
    });
    expect(status).to.not.equal(0);
    expect(report).to.match(/layer-cli-commands: src\/cli\/commands\/\.cruise-\w+\/up\.ts → src\/admin\/admin-client\.ts/);
    expect(report).to.match(/layer-cli-commands: src\/cli\/commands\/\.cruise-\w+\/up\.ts → src\/cli\/feedbackctl\.ts/);
  });
});
