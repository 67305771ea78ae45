import fs from 'node:fs';
import { systemContext } from './eventstore/command-context.js';
import path from 'node:path';
import { createProject, type CreatedProject } from '../commands/create-project/handler.js';
import type { Runtime } from './runtime.js';

const DEMO_ORIGIN = 'http://localhost:3000';

export interface FirstRunOutput {
  /** stdout is a terminal, so a person sees the keys (and they do not end up in a log collector). */
  interactive: boolean;
  write(text: string): void;
}

const toTerminal: FirstRunOutput = { interactive: process.stdout.isTTY === true, write: (text) => process.stdout.write(text) };

function greeting(demo: CreatedProject, baseUrl: string): string {
  return [
    '',
    'Created a demo project (keys are shown only this once; only their hashes are stored):',
    `  project     ${demo.projectId}`,
    `  secret key  ${demo.secretKey}`,
    `  widget key  ${demo.widgetKey}   (allowed origin: ${DEMO_ORIGIN})`,
    '',
    'Try it:',
    `  curl -s ${baseUrl}/api/v1/ping -H "Authorization: Bearer ${demo.secretKey}"`,
    `  curl -s ${baseUrl}/api/v1/feedback -H "Authorization: Bearer ${demo.secretKey}" -H "Content-Type: application/json" -d '{"text":"The export keeps timing out"}'`,
    '',
  ].join('\n');
}

/** Written once, readable by the owner alone; `wx` also refuses to follow a link planted at the path. */
function writeKeysFile(file: string, demo: CreatedProject, baseUrl: string): void {
  const content = {
    ...demo,
    allowedOrigins: [DEMO_ORIGIN],
    baseUrl,
    note: 'The demo project keys, stored nowhere else (only their hashes). Copy them, then delete this file.',
  };
  fs.rmSync(file, { force: true }); // the keys of an earlier, deleted database
  fs.writeFileSync(file, JSON.stringify(content, null, 2) + '\n', { mode: 0o600, flag: 'wx' });
}

/**
 * On an empty database, creates a demo project. Its keys go to the terminal, or when stdout is
 * not one (a service manager, a pipe to a log collector) to `DATA_DIR/demo-keys.json`, and only
 * that path is logged. With DATABASE_URL there is no data directory to hold them, so no demo
 * project is made unless a terminal shows the keys.
 */
export async function createDemoProjectIfEmpty(runtime: Runtime, baseUrl: string, output: FirstRunOutput = toTerminal): Promise<void> {
  const existing = await runtime.db.query(`SELECT 1 FROM projects LIMIT 1`);
  if (existing.rowCount > 0) return;
  const { databaseUrl, dataDir } = runtime.config;
  const keysFile = databaseUrl || dataDir.startsWith('memory://') ? undefined : path.resolve(dataDir, 'demo-keys.json');
  if (!output.interactive && !keysFile) {
    runtime.logger.info('no project yet and no terminal to show demo keys on: create one with feedbackctl project create --name NAME');
    return;
  }
  const demo = await createProject(
    runtime,
    { name: 'Demo project', settings: { allowedOrigins: [DEMO_ORIGIN] } },
    systemContext('first-run', runtime.ids.next('run')),
  );
  if (output.interactive) {
    output.write(greeting(demo, baseUrl) + '\n');
    return;
  }
  try {
    writeKeysFile(keysFile!, demo, baseUrl);
    runtime.logger.info({ projectId: demo.projectId, keysFile }, 'created a demo project; its keys are in this owner-only file');
  } catch (error) {
    runtime.logger.error(
      { err: error, projectId: demo.projectId, keysFile },
      'created a demo project but could not write its keys: make one with feedbackctl key create',
    );
  }
}
