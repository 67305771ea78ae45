import { expect } from 'chai';
import { chmodSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../../src/db/open-database.js';

/** Entries under `dir` (itself included) that a group or other user could read, write or enter. */
function openToOthers(dir: string): string[] {
  const loose: string[] = [];
  const visit = (at: string) => {
    const stats = statSync(at);
    if ((stats.mode & 0o077) !== 0) loose.push(`${at.slice(dir.length) || '/'} ${(stats.mode & 0o777).toString(8)}`);
    if (stats.isDirectory()) for (const name of readdirSync(at)) visit(join(at, name));
  };
  visit(dir);
  return loose;
}

function loosen(at: string): void {
  const stats = statSync(at);
  chmodSync(at, stats.isDirectory() ? 0o777 : 0o666);
  if (stats.isDirectory()) for (const name of readdirSync(at)) loosen(join(at, name));
}

describe('the embedded data directory is its owner’s alone', function () {
  this.timeout(120_000);
  const root = mkdtempSync(join(tmpdir(), 'data-dir-permissions-'));
  const dataDir = join(root, 'data');
  after(() => rmSync(root, { recursive: true, force: true }));

  it('a new data directory is 0700 and its files 0600, while open and after closing', async () => {
    const db = await openDatabase({ dataDir, holder: 'test' });
    try {
      expect(statSync(dataDir).mode & 0o777).to.equal(0o700);
      expect(readdirSync(dataDir).length).to.be.greaterThan(10);
      expect(openToOthers(dataDir)).to.deep.equal([]);
      await db.query(`CREATE TABLE permissions_probe (value text); INSERT INTO permissions_probe VALUES ('x')`);
    } finally {
      await db.close();
    }
    expect(openToOthers(dataDir)).to.deep.equal([]);
  });

  it('an existing directory open to everyone is tightened at start, and the caller is told how many entries were loose', async () => {
    loosen(dataDir);
    expect(openToOthers(dataDir).length).to.be.greaterThan(10);
    const told: number[] = [];
    const db = await openDatabase({ dataDir, holder: 'test', onPermissionsTightened: (entries) => told.push(entries) });
    try {
      expect(told).to.have.length(1);
      expect(told[0]).to.be.greaterThan(10);
      expect(openToOthers(dataDir)).to.deep.equal([]);
      expect((await db.query<{ value: string }>(`SELECT value FROM permissions_probe`)).rows).to.deep.equal([{ value: 'x' }]);
    } finally {
      await db.close();
    }
  });

  it('a directory that is already tight is opened without a word', async () => {
    const told: number[] = [];
    const db = await openDatabase({ dataDir, holder: 'test', onPermissionsTightened: (entries) => told.push(entries) });
    await db.close();
    expect(told).to.deep.equal([]);
  });
});
