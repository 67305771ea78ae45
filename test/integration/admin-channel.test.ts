import { expect } from 'chai';
import fc from 'fast-check';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startAdminChannel } from '../../src/admin/admin-channel.js';
import { askRunningService } from '../../src/admin/admin-client.js';
import { isAdminAnswer, MAX_REQUEST_LENGTH, type AdminAnswer } from '../../src/admin/admin-protocol.js';
import type { LineSocketServer } from '../../src/admin/line-socket-server.js';
import { loadConfig } from '../../src/config.js';
import { createLogger } from '../../src/logger.js';
import { openRuntime, type Runtime } from '../../src/runtime.js';
import { LogCapture } from '../support/log-capture.js';

/** Writes `data`, half-closes, and resolves everything the server sent until it closed. */
function exchange(socketPath: string, data: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(socketPath, () => socket.end(data));
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (received += chunk));
    socket.once('error', reject);
    socket.once('close', () => resolve(received));
  });
}

const answersIn = (text: string): AdminAnswer[] =>
  text
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line));

describe('the admin channel: feedbackctl commands run inside the service that holds the data directory', function () {
  this.timeout(60_000);
  let dataDir: string;
  let socketPath: string;
  let runtime: Runtime;
  let channel: LineSocketServer | undefined;
  const log = new LogCapture();

  before(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'admin-channel-'));
    socketPath = path.join(dataDir, 'admin.sock');
    const logger = createLogger('info', log);
    runtime = await openRuntime(loadConfig({ DATA_DIR: dataDir }), { holder: 'admin channel test', logger });
    await runtime.engine.start();
    channel = await startAdminChannel(runtime, logger);
  });
  after(async () => {
    await channel?.close();
    await runtime?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('listens on DATA_DIR/admin.sock, readable and writable by the owner alone', () => {
    expect(channel).to.not.equal(undefined);
    const stat = statSync(socketPath);
    expect(stat.isSocket()).to.equal(true);
    expect(stat.mode & 0o777).to.equal(0o600);
  });

  it('runs project create, key create and project list on the service’s runtime', async () => {
    const created = await askRunningService(socketPath, ['project', 'create', '--name', 'Through the socket', '--json']);
    expect(created?.ok, JSON.stringify(created)).to.equal(true);
    const { projectId } = JSON.parse(created!.output[0]);
    const key = await askRunningService(socketPath, ['key', 'create', '--project', projectId, '--type', 'widget', '--json']);
    expect(key?.ok, JSON.stringify(key)).to.equal(true);
    const listed = await askRunningService(socketPath, ['project', 'list', '--json']);
    const [project] = JSON.parse(listed!.output[0]);
    expect(project).to.include({ projectId, name: 'Through the socket' });
    expect(project.keys).to.have.length(3);
  });

  it('an import through the channel reports its progress as it goes, then answers with its summary', async () => {
    const created = await askRunningService(socketPath, ['project', 'create', '--name', 'Imports', '--json']);
    const { projectId } = JSON.parse(created!.output[0]);
    const file = path.join(dataDir, 'history.csv');
    const rows = Array.from({ length: 2000 }, (_, i) => `r-${i},"The export to PDF fails on long reports (case ${i})"`);
    writeFileSync(file, ['id,Comment', ...rows].join('\n'));
    const progress: string[] = [];
    const answer = await askRunningService(socketPath, ['import', file, '--project', projectId, '--map', 'text=Comment'], (line) => progress.push(line));
    expect(answer?.ok, JSON.stringify(answer)).to.equal(true);
    expect(answer!.output[0]).to.include('2,000 new');
    expect(progress.length, 'a progress line a second while importing').to.be.greaterThan(0);
    for (const line of progress) expect(line).to.match(/^import: [\d,]+ rows, [\d,]+ rows\/s, \d+%/);
  });

  it('answers garbage, a wrong shape, an unknown command and one that needs the service stopped with an error each, then serves the next line', async () => {
    const lines = [
      'not json at all',
      '{"argv":"project list"}',
      '[1,2,3]',
      '{"argv":["frobnicate"]}',
      '{"argv":["reproject","--all"]}',
      '',
      '{"argv":["project","list","--json"]}',
    ];
    const answers = answersIn(await exchange(socketPath, lines.join('\n') + '\n'));
    expect(answers.map((a) => a.error?.kind ?? 'ok')).to.deep.equal(['bad-request', 'bad-request', 'bad-request', 'usage', 'refused', 'ok']);
    expect(answers[4].error!.message).to.include('stop it first');
  });

  it('reports a usage mistake and a failing command with their messages', async () => {
    const mistake = await askRunningService(socketPath, ['key', 'create', '--type', 'secret']);
    expect(mistake).to.deep.equal({ ok: false, output: [], error: { kind: 'usage', message: 'key create needs --project ID' } });
    const unknownOption = await askRunningService(socketPath, ['project', 'list', '--bogus']);
    expect(unknownOption?.error).to.include({ kind: 'usage' });
    const failing = await askRunningService(socketPath, ['key', 'revoke', 'sk_test_0000']);
    expect(failing?.error?.kind).to.equal('failed');
    expect(failing?.error?.message).to.include('sk_test_0000');
  });

  it('a line longer than the limit is refused and its connection closed; the next client is served', async () => {
    const answers = answersIn(await exchange(socketPath, 'x'.repeat(MAX_REQUEST_LENGTH * 4)));
    expect(answers).to.have.length(1);
    expect(answers[0].error).to.include({ kind: 'bad-request' });
    expect((await askRunningService(socketPath, ['project', 'list']))?.ok).to.equal(true);
  });

  it('clients that send nothing, or vanish in the middle of a line, hold nobody up', async () => {
    const silent = net.connect(socketPath);
    const vanishing = net.connect(socketPath, () => {
      vanishing.write('{"argv":["project",');
      vanishing.destroy();
    });
    vanishing.on('error', () => {});
    await new Promise((resolve) => silent.once('connect', resolve));
    expect((await askRunningService(socketPath, ['projections', 'status']))?.ok).to.equal(true);
    silent.destroy();
  });

  it('whatever line arrives, the answer is one JSON answer and the service keeps serving (property)', async () => {
    const harmlessArgv = fc.array(fc.string({ maxLength: 12 }), { maxLength: 6 }).map((argv) => JSON.stringify({ argv }));
    const line = fc.oneof(fc.string({ maxLength: 200 }), fc.json({ maxDepth: 3 }), harmlessArgv).map((text) => text.replace(/\n/g, ' '));
    await fc.assert(
      fc.asyncProperty(line, async (text) => {
        const answers = answersIn(await exchange(socketPath, text + '\n'));
        expect(answers.length).to.be.at.most(1); // a blank line gets no answer
        if (text.trim() !== '') expect(isAdminAnswer(answers[0]), text).to.equal(true);
      }),
      { numRuns: 60 },
    );
    expect((await askRunningService(socketPath, ['project', 'list']))?.ok).to.equal(true);
  });

  it('the log names the commands, never their arguments', async () => {
    const listed = await askRunningService(socketPath, ['project', 'list', '--json']);
    const { projectId } = JSON.parse(listed!.output[0])[0];
    const updated = await askRunningService(socketPath, ['project', 'update', '--project', projectId, '--identity-ignore', 'ceo@example.com']);
    expect(updated?.ok, JSON.stringify(updated)).to.equal(true);
    expect(log.text).to.include('"command":"project update"');
    expect(log.text).not.to.include('ceo@example.com');
  });

  it('close() removes the socket; a socket file left by a crash is replaced at the next start', async () => {
    await channel!.close();
    channel = undefined;
    expect(existsSync(socketPath)).to.equal(false);
    spawnSync(process.execPath, ['-e', `require('net').createServer().listen(${JSON.stringify(socketPath)}, () => process.exit(0))`]);
    expect(statSync(socketPath).isSocket(), 'a stale socket file').to.equal(true);
    expect(await askRunningService(socketPath, ['project', 'list']), 'nobody answers on a stale socket').to.equal(undefined);
    channel = await startAdminChannel(runtime, createLogger('silent'));
    expect((await askRunningService(socketPath, ['project', 'list']))?.ok).to.equal(true);
  });

  it('a file at the socket path that is not a socket is left alone, and the channel stays off', async () => {
    await channel!.close();
    channel = undefined;
    writeFileSync(socketPath, 'not mine');
    expect(await startAdminChannel(runtime, createLogger('silent'))).to.equal(undefined);
    expect(statSync(socketPath).isFile()).to.equal(true);
    rmSync(socketPath);
  });
});
