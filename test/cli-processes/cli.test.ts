import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../src/config.js';
import { feedbackStream } from '../../src/domain/feedback/events.js';
import { createLogger } from '../../src/logger.js';
import { openRuntime } from '../../src/runtime.js';
import { appendUnstorableSubmission } from '../support/poison-event.js';
import { cli, cliEnv, startServe, type CliResult, type ServeProcess } from '../support/feedbackctl-process.js';

/** The parsed JSON body (fetch types it as unknown). */
const json = (response: Response): Promise<any> => response.json();

function expectSuccess(result: CliResult): void {
  expect(result.code, `exit code; stderr: ${result.stderr}`).to.equal(0);
}

function expectFailure(result: CliResult, ...messages: (string | RegExp)[]): void {
  expect(result.code, `exit code; stdout: ${result.stdout}`).to.be.a('number').and.not.equal(0);
  expect(result.stderr.trim()).not.to.equal('');
  for (const message of messages) {
    if (typeof message === 'string') expect(result.stderr).to.include(message);
    else expect(result.stderr).to.match(message);
  }
}

function singleJsonLine(stdout: string): any {
  const lines = stdout.split('\n');
  expect(lines, `stdout: ${stdout}`).to.have.length(2); // one line and its newline
  expect(lines[1]).to.equal('');
  return JSON.parse(lines[0]);
}

interface ProjectSummary {
  projectId: string;
  name: string;
  settings: { allowedOrigins: string[]; identityLinking: string; excludedTranscriptFolders: string[]; monthlyCallAllowance?: number | null };
  keys: { keyId: string; prefix: string; keyType: string; mode: string; revoked: boolean }[];
}

describe('feedbackctl, the operator CLI (spec 5.6: keys are created in project settings, not through the API)', function () {
  this.timeout(120_000);

  let dataDir: string;
  let projectId: string;
  let secretKey: string;
  let widgetKey: string;

  const list = async (): Promise<ProjectSummary[]> => {
    const result = await cli(dataDir, ['project', 'list', '--json']);
    expectSuccess(result);
    return singleJsonLine(result.stdout);
  };
  const findProject = async (id: string): Promise<ProjectSummary> => {
    const found = (await list()).find((p) => p.projectId === id);
    expect(found, `project ${id} in the list`).to.not.equal(undefined);
    return found!;
  };

  before(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'feedbackctl-test-'));
  });
  after(() => rmSync(dataDir, { recursive: true, force: true }));

  describe('project create / list / update', () => {
    it('project create --json prints exactly one JSON line with the project id and both keys', async () => {
      const result = await cli(dataDir, ['project', 'create', '--name', 'Acme', '--origin', 'https://a.example', '--json']);
      expectSuccess(result);
      const created = singleJsonLine(result.stdout);
      expect(Object.keys(created).sort()).to.deep.equal(['projectId', 'secretKey', 'widgetKey']);
      expect(created.projectId).to.be.a('string').and.not.equal('');
      expect(created.secretKey).to.match(/^sk_test_[0-9A-Za-z]{32}$/);
      expect(created.widgetKey).to.match(/^pk_test_[0-9A-Za-z]{32}$/);
      ({ projectId, secretKey, widgetKey } = created);
    });

    it('project list --json shows the project with its origins and keys, without the keys themselves', async () => {
      const result = await cli(dataDir, ['project', 'list', '--json']);
      expectSuccess(result);
      expect(result.stdout).not.to.include(secretKey);
      expect(result.stdout).not.to.include(widgetKey);
      const projects: ProjectSummary[] = singleJsonLine(result.stdout);
      expect(projects).to.have.length(1);
      const [project] = projects;
      expect(project).to.include({ projectId, name: 'Acme' });
      expect(project.settings.allowedOrigins).to.deep.equal(['https://a.example']);
      const keys = project.keys.map((k) => `${k.keyType}/${k.mode}/${k.revoked}`).sort();
      expect(keys).to.deep.equal(['secret/test/false', 'widget/test/false']);
      expect(project.keys.map((k) => k.prefix).sort()).to.deep.equal([secretKey.slice(0, 12), widgetKey.slice(0, 12)].sort());
    });

    it('project list without --json prints the project for a human, keys by prefix only', async () => {
      const result = await cli(dataDir, ['project', 'list']);
      expectSuccess(result);
      expect(result.stdout).to.include(projectId);
      expect(result.stdout).to.include('Acme');
      expect(result.stdout).to.include('https://a.example');
      expect(result.stdout).to.include(secretKey.slice(0, 12));
      expect(result.stdout).not.to.include(secretKey);
    });

    it('project update changes identity linking and excluded folders, and list shows it', async () => {
      const result = await cli(dataDir, ['project', 'update', '--project', projectId, '--identity-linking', 'suggest', '--exclude-folder', 'Internal']);
      expectSuccess(result);
      expect(result.stdout).to.include(projectId);
      const project = await findProject(projectId);
      expect(project.settings.identityLinking).to.equal('suggest');
      expect(project.settings.excludedTranscriptFolders).to.deep.equal(['Internal']);
      expect(project.settings.allowedOrigins, 'other settings untouched').to.deep.equal(['https://a.example']);
    });

    it('project update --call-allowance sets the monthly allowance of metered call items; --unlimited-calls clears it; a bad number is a usage error', async () => {
      expectSuccess(await cli(dataDir, ['project', 'update', '--project', projectId, '--call-allowance', '1200']));
      expect((await findProject(projectId)).settings.monthlyCallAllowance).to.equal(1200);
      const bad = await cli(dataDir, ['project', 'update', '--project', projectId, '--call-allowance', '-3']);
      expect(bad.code).to.not.equal(0);
      expect(bad.stderr).to.include('--call-allowance');
      expectSuccess(await cli(dataDir, ['project', 'update', '--project', projectId, '--unlimited-calls']));
      expect((await findProject(projectId)).settings.monthlyCallAllowance).to.equal(null);
    });

    it('project update --origin adds an origin and keeps the others; --remove-origin removes one; both print the list now', async () => {
      const added = await cli(dataDir, ['project', 'update', '--project', projectId, '--origin', 'https://b.example/app', '--origin', 'https://c.example']);
      expectSuccess(added);
      expect(added.stdout).to.include('origins now: https://a.example, https://b.example, https://c.example');
      expect((await findProject(projectId)).settings.allowedOrigins).to.deep.equal(['https://a.example', 'https://b.example', 'https://c.example']);
      expectSuccess(await cli(dataDir, ['project', 'update', '--project', projectId, '--origin', 'https://a.example']));
      expect((await findProject(projectId)).settings.allowedOrigins, 'adding one it holds changes nothing').to.have.length(3);
      expectSuccess(await cli(dataDir, ['project', 'update', '--project', projectId, '--remove-origin', 'https://b.example', '--origin', 'https://d.example']));
      expect((await findProject(projectId)).settings.allowedOrigins).to.deep.equal(['https://a.example', 'https://c.example', 'https://d.example']);
    });

    it('project update --set-origins replaces the list; --clear-origins empties it', async () => {
      expectSuccess(await cli(dataDir, ['project', 'update', '--project', projectId, '--set-origins', 'https://x.example, https://y.example']));
      expect((await findProject(projectId)).settings.allowedOrigins).to.deep.equal(['https://x.example', 'https://y.example']);
      const cleared = await cli(dataDir, ['project', 'update', '--project', projectId, '--clear-origins']);
      expectSuccess(cleared);
      expect(cleared.stdout).to.include('origins now: (none)');
      expect((await findProject(projectId)).settings.allowedOrigins).to.deep.equal([]);
      expectSuccess(await cli(dataDir, ['project', 'update', '--project', projectId, '--set-origins', 'https://a.example']));
      expect((await findProject(projectId)).settings.allowedOrigins).to.deep.equal(['https://a.example']);
    });

    it('project create --mode live makes live keys', async () => {
      const result = await cli(dataDir, ['project', 'create', '--name', 'Live one', '--mode', 'live', '--json']);
      expectSuccess(result);
      const created = singleJsonLine(result.stdout);
      expect(created.secretKey).to.match(/^sk_live_/);
      expect(created.widgetKey).to.match(/^pk_live_/);
      const project = await findProject(created.projectId);
      expect(project.settings.allowedOrigins).to.deep.equal([]);
      expect(project.keys.every((k) => k.mode === 'live')).to.equal(true);
    });
  });

  describe('key create / revoke', () => {
    let liveWidget: { keyId: string; key: string };

    it('key create --type widget --mode live --json prints the new key once', async () => {
      const result = await cli(dataDir, ['key', 'create', '--project', projectId, '--type', 'widget', '--mode', 'live', '--json']);
      expectSuccess(result);
      liveWidget = singleJsonLine(result.stdout);
      expect(liveWidget.key).to.match(/^pk_live_[0-9A-Za-z]{32}$/);
      expect(liveWidget.keyId).to.be.a('string').and.not.equal('');
      const project = await findProject(projectId);
      const key = project.keys.find((k) => k.keyId === liveWidget.keyId);
      expect(key).to.include({ keyType: 'widget', mode: 'live', revoked: false, prefix: liveWidget.key.slice(0, 12) });
    });

    it('key revoke by prefix marks the key REVOKED and leaves the others alone', async () => {
      const prefix = liveWidget.key.slice(0, 12);
      const result = await cli(dataDir, ['key', 'revoke', prefix]);
      expectSuccess(result);
      expect(result.stdout).to.include(liveWidget.keyId);
      const text = await cli(dataDir, ['project', 'list']);
      expectSuccess(text);
      const line = text.stdout.split('\n').find((l) => l.includes(liveWidget.keyId));
      expect(line).to.include('REVOKED');
      expect(text.stdout.match(/REVOKED/g)).to.have.length(1);
      const project = await findProject(projectId);
      expect(project.keys.filter((k) => k.revoked).map((k) => k.keyId)).to.deep.equal([liveWidget.keyId]);
      expect(project.keys).to.have.length(3);
    });

    it('key revoke by the whole key works too', async () => {
      const created = await cli(dataDir, ['key', 'create', '--project', projectId, '--type', 'secret', '--json']);
      expectSuccess(created);
      const issued = singleJsonLine(created.stdout);
      expect(issued.key).to.match(/^sk_test_/);
      expectSuccess(await cli(dataDir, ['key', 'revoke', issued.key]));
      const project = await findProject(projectId);
      expect(project.keys.find((k) => k.keyId === issued.keyId)?.revoked).to.equal(true);
      expect(project.keys.find((k) => k.prefix === secretKey.slice(0, 12))?.revoked).to.equal(false);
    });

    it('key revoke of an unknown prefix fails with a message', async () => {
      const result = await cli(dataDir, ['key', 'revoke', 'sk_test_0000']);
      expectFailure(result, 'sk_test_0000');
      expect(result.stdout).to.equal('');
    });
  });

  describe('bad input exits non-zero with a message on stderr and changes nothing', () => {
    let snapshot: ProjectSummary[];

    before(async () => {
      snapshot = await list();
      expect(snapshot.length).to.be.greaterThan(0);
    });

    it('project create without --name', async () => {
      expectFailure(await cli(dataDir, ['project', 'create', '--json']), '--name');
    });

    it('an unknown command', async () => {
      const result = await cli(dataDir, ['frobnicate']);
      expectFailure(result, 'frobnicate');
      expect(result.stdout).to.equal('');
    });

    it('an unknown subcommand', async () => {
      expectFailure(await cli(dataDir, ['project', 'destroy']), 'destroy');
    });

    it('an unknown option', async () => {
      expectFailure(await cli(dataDir, ['project', 'list', '--bogus']), '--bogus');
    });

    it('key create --mode prod', async () => {
      expectFailure(await cli(dataDir, ['key', 'create', '--project', projectId, '--type', 'secret', '--mode', 'prod']), '--mode', 'prod');
    });

    it('project create --mode prod', async () => {
      expectFailure(await cli(dataDir, ['project', 'create', '--name', 'Nope', '--mode', 'prod']), '--mode', 'prod');
    });

    it('key create with a wrong --type', async () => {
      expectFailure(await cli(dataDir, ['key', 'create', '--project', projectId, '--type', 'admin']), '--type');
    });

    it('project update --identity-linking maybe', async () => {
      expectFailure(await cli(dataDir, ['project', 'update', '--project', projectId, '--identity-linking', 'maybe']), /identity ?linking/i);
    });

    it('project create with a bad origin', async () => {
      expectFailure(await cli(dataDir, ['project', 'create', '--name', 'Bad origin', '--origin', 'not-a-url', '--json']), 'not-a-url');
    });

    it('project update with a bad origin', async () => {
      expectFailure(await cli(dataDir, ['project', 'update', '--project', projectId, '--origin', 'ftp://files.example']), 'ftp://files.example');
    });

    it('project update --remove-origin of an origin the project does not allow names it', async () => {
      expectFailure(await cli(dataDir, ['project', 'update', '--project', projectId, '--remove-origin', 'https://typo.example']), 'https://typo.example');
    });

    it('project update mixing an edit of the origins with a replacement, or --set-origins with --clear-origins, or an empty --set-origins', async () => {
      const update = (...args: string[]) => cli(dataDir, ['project', 'update', '--project', projectId, ...args]);
      expectFailure(await update('--origin', 'https://e.example', '--set-origins', 'https://f.example'), '--set-origins', '--origin');
      expectFailure(await update('--remove-origin', 'https://a.example', '--clear-origins'), '--clear-origins');
      expectFailure(await update('--set-origins', 'https://f.example', '--clear-origins'), '--set-origins', '--clear-origins');
      expectFailure(await update('--set-origins', ' , '), '--set-origins');
      expectFailure(await update('--origin', 'https://a.example', '--remove-origin', 'https://a.example'), 'https://a.example');
    });

    it('invalid configuration names the variable', async () => {
      expectFailure(await cli(dataDir, ['project', 'list'], { LOG_LEVEL: 'loud' }), 'LOG_LEVEL');
    });

    it('none of the refused calls changed a project or a key', async () => {
      expect(await list()).to.deep.equal(snapshot);
    });
  });

  describe('reproject', () => {
    it('reproject --all rebuilds the read models, reports progress and a summary, and keeps the data', async () => {
      const snapshot = await list();
      const result = await cli(dataDir, ['reproject', '--all']);
      expectSuccess(result);
      expect(result.stdout).to.match(/Rebuilt .*projects/);
      expect(result.stderr).to.match(/\d+ events replayed/);
      expect(await list()).to.deep.equal(snapshot);
    });

    it('reproject of an unknown projection fails and names it', async () => {
      expectFailure(await cli(dataDir, ['reproject', 'no-such-projection']), 'no-such-projection');
    });
  });

  describe('projections status / retry (poison events)', () => {
    it('status lists every projection with its checkpoint, lag and parked events, and moves nothing', async () => {
      const result = await cli(dataDir, ['projections', 'status', '--json']);
      expectSuccess(result);
      const statuses = JSON.parse(result.stdout);
      expect(statuses.map((s: { name: string }) => s.name)).to.include.members(['projects', 'feedback-list']);
      for (const status of statuses) expect(status.parked).to.deep.equal([]);
    });

    it('an event the feedback list cannot store is parked by the next catch-up, shown by status, and retried on demand', async () => {
      const runtime = await openRuntime(loadConfig(cliEnv(dataDir)), { holder: 'cli test', logger: createLogger('silent') });
      let feedbackId: string;
      try {
        feedbackId = await appendUnstorableSubmission(runtime.store, projectId, 'From year zero');
      } finally {
        await runtime.close();
      }
      const before = await cli(dataDir, ['projections', 'status']);
      expectSuccess(before);
      expect(before.stdout, before.stdout).to.match(/^feedback-list: checkpoint \S+, 1 event\(s\) behind, 0 parked$/m);

      expectSuccess(await cli(dataDir, ['project', 'list'])); // any command catches up first
      const after = await cli(dataDir, ['projections', 'status']);
      expectSuccess(after);
      expect(after.stdout).to.match(/^feedback-list: checkpoint \S+, 0 event\(s\) behind, 1 parked$/m);
      expect(after.stdout).to.include(`parked FeedbackSubmitted`);
      expect(after.stdout).to.include(`(${feedbackStream(feedbackId)}@0) after 3 tries`);
      expect(after.stdout).to.not.include('From year zero');

      const retried = await cli(dataDir, ['projections', 'retry', 'feedback-list']);
      expect(retried.code).to.equal(1);
      expect(retried.stdout).to.include('feedback-list: 0 re-applied, 1 still failing');
    });

    it('retry of an unknown projection fails with the one relevant usage line', async () => {
      expectFailure(await cli(dataDir, ['projections', 'retry', 'nope']), 'projections retry needs a projection name');
    });
  });

  describe('while `feedbackctl serve` holds the embedded data directory (the admin channel)', () => {
    let serve: ServeProcess;
    let keyMadeWhileServing: string;
    const ping = (key: string) => fetch(`http://127.0.0.1:${serve.port}/api/v1/ping`, { headers: { Authorization: `Bearer ${key}` } });

    before(async () => {
      serve = await startServe(dataDir);
    });
    after(async () => {
      await serve?.stop();
    });

    it('the service holds the lock and listens on an owner-only socket in the data directory', () => {
      expect(existsSync(path.join(dataDir, 'feedback-service.lock'))).to.equal(true);
      const socket = statSync(path.join(dataDir, 'admin.sock'));
      expect(socket.isSocket()).to.equal(true);
      expect(socket.mode & 0o777).to.equal(0o600);
    });

    it('The CLI creates a key while the embedded server runs, and the key works over HTTP at once', async () => {
      const result = await cli(dataDir, ['key', 'create', '--project', projectId, '--type', 'secret', '--json']);
      expectSuccess(result);
      keyMadeWhileServing = singleJsonLine(result.stdout).key;
      expect(keyMadeWhileServing).to.match(/^sk_test_/);
      const response = await ping(keyMadeWhileServing);
      expect(response.status).to.equal(200);
      expect((await json(response)).project.id).to.equal(projectId);
    });

    it('key revoke goes through the running service and takes effect at once', async () => {
      expectSuccess(await cli(dataDir, ['key', 'revoke', keyMadeWhileServing.slice(0, 12)]));
      expect((await ping(keyMadeWhileServing)).status).to.equal(401);
    });

    it('project create, update and list go through the running service', async () => {
      const created = await cli(dataDir, ['project', 'create', '--name', 'Made while serving', '--json']);
      expectSuccess(created);
      const { projectId: newId, secretKey: newKey } = singleJsonLine(created.stdout);
      expect((await ping(newKey)).status).to.equal(200);
      expectSuccess(await cli(dataDir, ['project', 'update', '--project', newId, '--origin', 'https://serving.example']));
      const project = await findProject(newId);
      expect(project.settings.allowedOrigins).to.deep.equal(['https://serving.example']);
      expect((await list()).map((p) => p.name)).to.include('Acme');
    });

    it('projections status goes through the running service', async () => {
      const result = await cli(dataDir, ['projections', 'status', '--json']);
      expectSuccess(result);
      expect(JSON.parse(result.stdout).map((s: { name: string }) => s.name)).to.include('projects');
    });

    it('a mistake is reported as it is without a service: the error and the one relevant usage line', async () => {
      const result = await cli(dataDir, ['key', 'create', '--type', 'secret']);
      expect(result.code).to.equal(2);
      expect(result.stderr).to.include('key create needs --project ID');
      expect(result.stderr).to.include('feedbackctl key create --project ID');
      expect(result.stderr).not.to.include('key revoke');
    });

    it('a command that cannot run beside the service fails naming the holder pid, and the service is undisturbed', async () => {
      const blocked = await cli(dataDir, ['reproject', '--all']);
      expectFailure(blocked, 'reproject needs the data directory to itself', `process ${serve.child.pid}`, 'Stop that process first');
      expect(blocked.code).to.equal(3);
      expect(blocked.stdout).to.equal('');
      expect((await ping(secretKey)).status).to.equal(200);
    });

    it('stopping the service removes its socket and lock, and what was done through it stays', async () => {
      expect(await serve.stop()).to.equal(0);
      expect(existsSync(path.join(dataDir, 'admin.sock')), 'socket removed on shutdown').to.equal(false);
      expect(existsSync(path.join(dataDir, 'feedback-service.lock')), 'lock released on shutdown').to.equal(false);
      const projects = await list(); // opens the directory itself now
      expect(projects.map((p) => p.name)).to.include.members(['Acme', 'Made while serving']);
      expect(projects.find((p) => p.projectId === projectId)!.settings.identityLinking).to.equal('suggest');
    });
  });

  describe('one process per embedded data directory', () => {
    it('a stale lock and admin socket of a process that is gone do not block the CLI', async () => {
      const socketPath = path.join(dataDir, 'admin.sock');
      // Exiting without closing leaves the socket file behind, as a crash does.
      const gone = spawnSync(process.execPath, ['-e', `require('net').createServer().listen(${JSON.stringify(socketPath)}, () => process.exit(0))`]);
      expect(gone.pid).to.be.a('number');
      expect(statSync(socketPath).isSocket(), 'a stale socket file').to.equal(true);
      writeFileSync(
        path.join(dataDir, 'feedback-service.lock'),
        JSON.stringify({ pid: gone.pid, command: 'crashed earlier', startedAt: new Date(0).toISOString() }),
      );
      const projects = await list();
      expect(projects.map((p) => p.projectId)).to.include(projectId);
      expect(existsSync(path.join(dataDir, 'feedback-service.lock'))).to.equal(false);
    });
  });
});

describe('feedbackctl without a database, and its usage lines', function () {
  this.timeout(120_000);
  let parent: string;
  let fresh: string;

  before(async () => {
    parent = mkdtempSync(path.join(tmpdir(), 'feedbackctl-nodb-'));
    fresh = path.join(parent, 'fresh');
    expectSuccess(await cli(fresh, ['project', 'create', '--name', 'First', '--json']));
  });
  after(() => rmSync(parent, { recursive: true, force: true }));

  it('project list on a directory that does not exist says so and how to create it, and creates nothing', async () => {
    const missing = path.join(parent, 'typo');
    const result = await cli(missing, ['project', 'list']);
    expectFailure(result, `The data directory ${missing} does not exist`, 'feedbackctl project create', 'feedbackctl serve');
    expect(result.stdout).to.equal('');
    expect(existsSync(missing)).to.equal(false);
  });

  it('only project create (and serve) start a database: the others refuse an empty directory', async () => {
    const empty = mkdtempSync(path.join(parent, 'empty-'));
    for (const args of [['key', 'revoke', 'sk_test_0000'], ['projections', 'status'], ['reproject', '--all'], ['erasure-maintenance']]) {
      expectFailure(await cli(empty, args), `The data directory ${empty} holds no database`);
    }
    expect(existsSync(path.join(empty, 'PG_VERSION'))).to.equal(false);
    // `fresh` did not exist before `project create` (see before()).
    const listed = await cli(fresh, ['project', 'list', '--json']);
    expectSuccess(listed);
    expect(singleJsonLine(listed.stdout).map((p: { name: string }) => p.name)).to.deep.equal(['First']);
  });

  it('a mistake prints the error and the one usage line it concerns, not the whole usage', async () => {
    const result = await cli(fresh, ['key', 'create']);
    expect(result.code).to.equal(2);
    expect(result.stdout).to.equal('');
    expect(result.stderr).to.equal(
      'feedbackctl: key create needs --project ID\nUsage:\n  feedbackctl key create --project ID --type secret|widget [--mode test|live] [--json]\n',
    );
  });

  it('an unknown subcommand prints that command’s usage lines; an unknown command points to help', async () => {
    const sub = await cli(fresh, ['key', 'destroy']);
    expect(sub.code).to.equal(2);
    expect(sub.stderr).to.include('feedbackctl key create').and.include('feedbackctl key revoke').and.not.include('feedbackctl project');
    const unknown = await cli(fresh, ['frobnicate']);
    expect(unknown.code).to.equal(2);
    expect(unknown.stderr).to.include('unknown command "frobnicate"').and.include('feedbackctl help').and.not.include('feedbackctl key create');
  });

  it('help and --help print the whole usage on stdout', async () => {
    for (const flag of ['help', '--help']) {
      const result = await cli(fresh, [flag]);
      expectSuccess(result);
      for (const line of [
        'project create',
        'project update',
        'key create',
        'key revoke',
        'projections status',
        'reproject',
        'recluster',
        'reembed',
        'erasure-maintenance',
        'serve',
      ]) {
        expect(result.stdout).to.include(`feedbackctl ${line}`);
      }
    }
  });
});

describe('feedbackctl recluster and reembed (theme drift, model changes)', function () {
  this.timeout(180_000);
  let dataDir: string;

  before(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'feedbackctl-themes-'));
    const created = singleJsonLine((await cli(dataDir, ['project', 'create', '--name', 'Themes', '--json'])).stdout);
    // The service processes and clusters a few items, then stops.
    const server = await startServe(dataDir);
    const port = server.port;
    const api = (p: string, init: RequestInit = {}) =>
      fetch(`http://127.0.0.1:${port}${p}`, { ...init, headers: { Authorization: `Bearer ${created.secretKey}`, 'Content-Type': 'application/json' } });
    const ids: string[] = [];
    for (const text of ['Login fails with my password', 'I cannot sign in, password rejected', 'Please add a dark mode']) {
      ids.push((await json(await api('/api/v1/feedback', { method: 'POST', body: JSON.stringify({ text }) }))).id);
    }
    for (const id of ids) {
      for (let i = 0; i < 400; i++) {
        if ((await json(await api(`/api/v1/feedback/${id}`))).clusterId) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
    await server.stop();
  });
  after(() => rmSync(dataDir, { recursive: true, force: true }));

  it('recluster reports each project’s merges and relabels and exits 0', async () => {
    const result = await cli(dataDir, ['recluster']);
    expectSuccess(result);
    expect(result.stdout).to.match(/^proj_\w+: \d+ merged, \d+ relabeled$/m);
  });

  it('reembed finds every vector already on the configured model', async () => {
    const result = await cli(dataDir, ['reembed']);
    expectSuccess(result);
    expect(result.stdout).to.include('Every item already has a use-lite-512 vector.');
  });

  it('recluster of an unknown project reports nothing to merge', async () => {
    const result = await cli(dataDir, ['recluster', '--project', 'proj_unknown']);
    expectSuccess(result);
    expect(result.stdout).to.include('proj_unknown: 0 merged, 0 relabeled');
  });
});
