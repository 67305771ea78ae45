import { ConfigError, loadConfig } from '../config.js';
import { DataDirInUseError } from '../db/data-dir-lock.js';
import { AppError } from '../errors.js';
import { createLogger } from '../logger.js';
import { openRuntime } from '../runtime.js';
import { startServer } from '../server.js';
import { erasureMaintenanceCommand, ERASURE_MAINTENANCE_USAGE } from './commands/erasure-maintenance.js';
import { keyCommand, KEY_USAGE } from './commands/key.js';
import { projectCommand, PROJECT_USAGE } from './commands/project.js';
import { projectionsCommand, PROJECTIONS_USAGE } from './commands/projections.js';
import { reprojectCommand, REPROJECT_USAGE } from './commands/reproject.js';
import { reclusterCommand, RECLUSTER_USAGE } from './commands/recluster.js';
import { reembedCommand, REEMBED_USAGE } from './commands/reembed.js';
import { UsageError } from './output.js';

const USAGE = `Usage:${PROJECT_USAGE}${KEY_USAGE}${REPROJECT_USAGE}${PROJECTIONS_USAGE}${RECLUSTER_USAGE}${REEMBED_USAGE}${ERASURE_MAINTENANCE_USAGE}
  feedbackctl serve                     run the HTTP service (same as npm start)

Configuration comes from the environment (DATA_DIR, DATABASE_URL, EVENTSTORE_URL, …; see README).`;

const print = (line: string) => process.stdout.write(line + '\n');

async function run(argv: string[]): Promise<number> {
  const [command, ...args] = argv;
  if (!command || command === 'help' || command === '--help' || command === '-h') {
    print(USAGE);
    return command ? 0 : 2;
  }
  const handlers: Record<string, typeof projectCommand> = { project: projectCommand, key: keyCommand, reproject: reprojectCommand, projections: projectionsCommand, recluster: reclusterCommand, reembed: reembedCommand, 'erasure-maintenance': erasureMaintenanceCommand };
  if (command === 'serve') {
    await import('../main.js');
    return -1; // the server keeps the process alive
  }
  const handler = handlers[command];
  if (!handler) throw new UsageError(`unknown command "${command}"`);
  const config = loadConfig();
  const logger = createLogger(process.env.LOG_LEVEL ?? 'warn');
  const runtime = await openRuntime(config, { holder: `feedbackctl ${command}`, logger });
  try {
    // Status reports where the projections stand, so it must not move them first.
    if (command !== 'projections') await runtime.engine.catchUp();
    await handler(runtime, args, print);
  } finally {
    await runtime.close();
  }
  return 0;
}

function fail(message: string, code: number): number {
  process.stderr.write(`feedbackctl: ${message}\n`);
  return code;
}

run(process.argv.slice(2))
  .then((code) => {
    if (code >= 0) process.exitCode = code;
  })
  .catch((error) => {
    if (error instanceof UsageError) process.exitCode = fail(`${error.message}\n${USAGE}`, 2);
    else if (error instanceof ConfigError) process.exitCode = fail(`invalid configuration: ${error.message}`, 2);
    else if (error instanceof DataDirInUseError) process.exitCode = fail(error.message, 3);
    else if (error instanceof AppError) process.exitCode = fail(error.detail, 1);
    else if (error instanceof TypeError && (error as NodeJS.ErrnoException).code?.startsWith('ERR_PARSE_ARGS')) process.exitCode = fail(`${error.message}\n${USAGE}`, 2);
    else process.exitCode = fail(error instanceof Error ? error.message : String(error), 1);
  });
