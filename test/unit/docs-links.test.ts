import { expect } from 'chai';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// Every relative link in the repository's markdown must work from a clone: the target exists, and an
// `#anchor` names a heading of the target file (as GitHub derives heading ids).

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** A fenced code block, indented or not (inside a list item). */
const FENCED_BLOCK = /^[ \t]*(```|~~~)[^\n]*\n[\s\S]*?^[ \t]*\1[^\n]*$/gm;
const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', 'data', '.git', 'artifacts']);

function markdownFiles(folder: string): string[] {
  return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return SKIPPED_FOLDERS.has(entry.name) ? [] : markdownFiles(full);
    return entry.name.endsWith('.md') ? [full] : [];
  });
}

/** The markdown without fenced code blocks and inline code spans, whose brackets are not links. */
function withoutCode(markdown: string): string {
  return markdown.replace(FENCED_BLOCK, '').replace(/`[^`\n]*`/g, '');
}

/** Targets of inline links and images: `[text](target)`, `![alt](target "title")`. */
function linkTargets(markdown: string): string[] {
  const targets: string[] = [];
  for (const match of withoutCode(markdown).matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) targets.push(match[1]);
  return targets;
}

/** GitHub's heading id: lower case, punctuation and symbols dropped, each space a hyphen, repeats numbered. */
function headingIds(markdown: string): Set<string> {
  const ids = new Set<string>();
  const seen = new Map<string, number>();
  const withoutFences = markdown.replace(FENCED_BLOCK, '');
  for (const match of withoutFences.matchAll(/^#{1,6}[ \t]+(.+?)[ \t#]*$/gm)) {
    const text = match[1]
      .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/[`*]/g, '')
      .trim();
    const base = text
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
      .replace(/ /g, '-');
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    ids.add(count === 0 ? base : `${base}-${count}`);
  }
  return ids;
}

function problemsOf(file: string): string[] {
  const problems: string[] = [];
  for (const target of linkTargets(fs.readFileSync(file, 'utf8'))) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto: …
    const [rawPath, anchor] = target.split('#', 2);
    const targetFile = rawPath === '' ? file : path.resolve(path.dirname(file), decodeURIComponent(rawPath));
    if (!fs.existsSync(targetFile)) {
      problems.push(`${target}: ${path.relative(ROOT, targetFile)} does not exist`);
      continue;
    }
    if (anchor === undefined || !targetFile.endsWith('.md')) continue;
    if (!headingIds(fs.readFileSync(targetFile, 'utf8')).has(anchor)) {
      problems.push(`${target}: no heading #${anchor} in ${path.relative(ROOT, targetFile)}`);
    }
  }
  return problems;
}

describe('Documentation links', () => {
  describe('heading ids and link targets as GitHub reads them', () => {
    it('derives heading ids the way GitHub does', () => {
      const ids = headingIds('# Plan allowance (`plan_blocked`)\n## Themes with `ANALYZER=llm`\n### Keys, limits: 2 × faster\n## Keys, limits: 2 × faster\n');
      expect([...ids]).to.deep.equal(['plan-allowance-plan_blocked', 'themes-with-analyzerllm', 'keys-limits-2--faster', 'keys-limits-2--faster-1']);
    });

    it('reads inline links and images, but not code', () => {
      const targets = linkTargets('See [a](a.md#x) and ![b](img/b.png "B").\n```\n[c](c.md)\n```\n- item\n  ```\n  [e](e.md)\n  ```\nand `[d](d.md)`.');
      expect(targets).to.deep.equal(['a.md#x', 'img/b.png']);
    });
  });

  const files = markdownFiles(ROOT);

  it('finds the README and the docs pages', () => {
    const names = files.map((file) => path.relative(ROOT, file));
    expect(names).to.include.members(['README.md', 'CHANGELOG.md', path.join('docs', 'README.md')]);
  });

  for (const file of files) {
    it(`every relative link of ${path.relative(ROOT, file)} resolves`, () => {
      expect(problemsOf(file)).to.deep.equal([]);
    });
  }

  it('the README links every page under docs/', () => {
    const linked = new Set(
      linkTargets(fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8'))
        .filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target))
        .map((target) => path.resolve(ROOT, target.split('#')[0])),
    );
    const pages = markdownFiles(path.join(ROOT, 'docs'));
    expect(pages.filter((page) => !linked.has(page)).map((page) => path.relative(ROOT, page))).to.deep.equal([]);
  });
});
