import { expect } from 'chai';
import { ESLint } from 'eslint';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Issue 8: the layer rules that `npm test` lints with are live (each one refuses what it should). */
describe('lint layer rules (issue 8)', function () {
  this.timeout(60_000);
  const eslint = new ESLint();
  const rulesBroken = async (code: string, filePath: string) => (await eslint.lintText(code, { filePath }))[0].messages.map((message) => message.ruleId);

  it('the domain imports nothing outside src/domain', async () => {
    expect(await rulesBroken(`import { AppError } from '../../errors.js';\nexport const x = AppError;\n`, 'src/domain/feedback/x.ts')).to.include(
      'no-restricted-imports',
    );
    expect(await rulesBroken(`import { x } from '../../http/app.js';\nexport const y = x;\n`, 'src/domain/feedback/y.ts')).to.include('no-restricted-imports');
    expect(await rulesBroken(`import { NotFound } from '../errors.js';\nexport const x = NotFound;\n`, 'src/domain/feedback/z.ts')).to.deep.equal([]);
  });

  it('command handlers do not import queries; routes may answer with them', async () => {
    const code = `import { findFeedback } from '../../queries/feedback-detail/query.js';\nexport const x = findFeedback;\n`;
    expect(await rulesBroken(code, 'commands/identify-user/handler.ts')).to.include('no-restricted-imports');
    expect(await rulesBroken(code, 'commands/identify-user/route.ts')).to.deep.equal([]);
  });

  it('an import cycle is refused; a cycle through type-only imports is not', () => {
    const dir = mkdtempSync(path.join('test', '.cycle-'));
    try {
      writeFileSync(path.join(dir, 'a.ts'), `import { b } from './b.js';\nimport type { C } from './c.js';\nexport const a = (x?: C) => b ?? x;\n`);
      writeFileSync(path.join(dir, 'b.ts'), `import { a } from './a.js';\nexport const b = () => a;\n`);
      writeFileSync(path.join(dir, 'c.ts'), `import type { a } from './a.js';\nexport type C = typeof a;\n`);
      const run = spawnSync(process.execPath, ['node_modules/dependency-cruiser/bin/dependency-cruise.mjs', dir, '--config', '.dependency-cruiser.cjs'], {
        encoding: 'utf8',
      });
      expect(run.status).to.not.equal(0);
      expect(run.stdout).to.match(/no-circular: .*a\.ts/);
      expect(run.stdout).to.not.match(/c\.ts/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
