import { expect } from 'chai';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../src/config.js';
import { createDemoProjectIfEmpty } from '../../src/first-run.js';
import { createLogger } from '../../src/logger.js';
import { openRuntime, type Runtime } from '../../src/runtime.js';
import { startServe, type ServeProcess } from '../support/feedbackctl-process.js';

/** A whole key; request logs show a key's first 12 characters, its displayable prefix, and that is fine. */
const ANY_KEY = /[sp]k_(test|live)_[0-9A-Za-z]{32}/;

describe('first run: the demo project’s keys', function () {
  this.timeout(120_000);
  let parent: string;

  before(() => {
    parent = mkdtempSync(path.join(tmpdir(), 'first-run-'));
  });
  after(() => rmSync(parent, { recursive: true, force: true }));

  describe('`feedbackctl serve` with stdout piped (not a terminal)', () => {
    let serve: ServeProcess;
    let dataDir: string;
    const keysFile = () => path.join(dataDir, 'demo-keys.json');

    before(async () => {
      dataDir = path.join(parent, 'data'); // serve may create the data directory
      serve = await startServe(dataDir, { readyMessage: 'created a demo project; its keys are in this owner-only file' });
    });
    after(async () => {
      await serve?.stop();
    });

    it('writes the keys to DATA_DIR/demo-keys.json, readable by the owner alone, and logs only its path', () => {
      expect(statSync(keysFile()).mode & 0o777).to.equal(0o600);
      const entry = serve.logEntries().find((e) => e.keysFile);
      expect(entry?.keysFile).to.equal(keysFile());
    });

    it('the keys in the file work against the running service', async () => {
      const demo = JSON.parse(readFileSync(keysFile(), 'utf8'));
      expect(demo.secretKey).to.match(/^sk_test_/);
      expect(demo.widgetKey).to.match(/^pk_test_/);
      const response = await fetch(`http://127.0.0.1:${serve.port}/api/v1/ping`, { headers: { Authorization: `Bearer ${demo.secretKey}` } });
      expect(response.status).to.equal(200);
      expect(((await response.json()) as { project: { id: string } }).project.id).to.equal(demo.projectId);
    });

    it('neither stdout nor stderr ever carries a key, also after shutdown', async () => {
      expect(await serve.stop()).to.equal(0);
      expect(serve.stdout()).not.to.match(ANY_KEY);
      expect(serve.stderr()).not.to.match(ANY_KEY);
    });

    it('a second start finds the project and leaves the file as it was', async () => {
      const before = readFileSync(keysFile(), 'utf8');
      const again = await startServe(dataDir);
      expect(await again.stop()).to.equal(0);
      expect(again.logEntries().some((e) => e.keysFile)).to.equal(false);
      expect(readFileSync(keysFile(), 'utf8')).to.equal(before);
    });
  });

  describe('where the keys go', () => {
    let runtime: Runtime;

    before(async () => {
      runtime = await openRuntime(loadConfig({ DATA_DIR: 'memory://' }), { holder: 'first run test', logger: createLogger('silent') });
    });
    after(() => runtime?.close());

    it('without a terminal or a data directory for the file (DATABASE_URL) no demo project is made', async () => {
      let printed = '';
      await createDemoProjectIfEmpty(runtime, 'http://localhost:8080', { interactive: false, write: (text) => (printed += text) });
      expect(printed).to.equal('');
      expect((await runtime.db.query('SELECT 1 FROM projects')).rowCount).to.equal(0);
    });

    it('on a terminal they are printed with a ready curl line', async () => {
      let printed = '';
      await createDemoProjectIfEmpty(runtime, 'http://localhost:8080', { interactive: true, write: (text) => (printed += text) });
      expect(printed).to.match(/secret key {2}sk_test_/);
      expect(printed).to.match(/widget key {2}pk_test_/);
      expect(printed).to.include('curl -s http://localhost:8080/api/v1/ping');
    });
  });
});
