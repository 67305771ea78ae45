import { askRunningService } from '../admin/admin-client.js';
import type { AdminAnswer } from '../admin/admin-protocol.js';
import { adminSocketPath } from '../admin/admin-socket-path.js';
import { ConfigError, loadConfig, type Config } from '../config.js';
import { DataDirInUseError } from '../db/data-dir-lock.js';
import { describeCliFailure, type CliFailure } from './cli-failure.js';
import type { CliCommand } from './command.js';
import { CLI_COMMANDS, findCommand } from './command-table.js';
import { UsageError } from './output.js';
import { requireEmbeddedDatabase } from './require-database.js';
import { FULL_USAGE, usageMessage } from './usage.js';

const print = (line: string) => process.stdout.write(line + '\n');

function fail(message: string, code: number): number {
  process.stderr.write(`feedbackctl: ${message}\n`);
  return code;
}

function reportFailure(failure: CliFailure | NonNullable<AdminAnswer['error']>, argv: string[]): number {
  if (failure.kind === 'usage') return fail(usageMessage(failure.message, argv), 2);
  return fail(failure.message, 1);
}

/** The embedded directory's running service, when there is one that answers. */
async function askService(config: Config, argv: string[]): Promise<AdminAnswer | undefined> {
  if (config.databaseUrl || config.dataDir.startsWith('memory://')) return undefined;
  const socketPath = adminSocketPath(config.dataDir);
  if (!socketPath) return undefined;
  const progress = progressLine();
  try {
    return await askRunningService(socketPath, argv, progress.show);
  } finally {
    progress.clear();
  }
}

/** Progress a running service reports: rewritten in place on a terminal, a line each elsewhere. */
function progressLine() {
  const tty = process.stderr.isTTY;
  let shown = false;
  return {
    show: (line: string) => {
      shown = true;
      process.stderr.write(tty ? `\r${line}\x1b[K` : `${line}\n`);
    },
    clear: () => {
      if (tty && shown) process.stderr.write('\r\x1b[K');
    },
  };
}

const THROUGH_SERVER = Object.keys(CLI_COMMANDS).filter((name) => CLI_COMMANDS[name].throughServer);

function whyInUse(name: string, command: CliCommand): string {
  if (command.throughServer) return `Nothing answers on the data directory's admin channel (the holder is not a running service, or it is still starting).`;
  return `${name} needs the data directory to itself (only the ${THROUGH_SERVER.join(', ')} commands go through a running service).`;
}

async function run(argv: string[]): Promise<number> {
  const [name, ...args] = argv;
  if (!name || name === 'help' || name === '--help' || name === '-h') {
    print(FULL_USAGE);
    return name ? 0 : 2;
  }
  if (name === 'serve') {
    await import('../main.js');
    return -1; // the server keeps the process alive
  }
  const command = findCommand(name);
  if (!command) throw new UsageError(`unknown command "${name}"`);
  const config = loadConfig();
  requireEmbeddedDatabase(config, command.createsDataDir?.(args) ?? false);
  if (command.throughServer) {
    const answer = await askService(config, [name, ...(command.argsForServer?.(args) ?? args)]);
    if (answer) {
      answer.output.forEach(print);
      return answer.error ? reportFailure(answer.error, argv) : 0;
    }
  }
  try {
    const { runLocally } = await import('./run-locally.js'); // the database and the projections: not for help or a usage error
    await runLocally(config, name, command, args, print);
  } catch (error) {
    if (error instanceof DataDirInUseError) throw new DataDirInUseError(`${whyInUse(name, command)} ${error.message}`);
    throw error;
  }
  return 0;
}

const argv = process.argv.slice(2);
run(argv)
  .then((code) => {
    if (code >= 0) process.exitCode = code;
  })
  .catch((error) => {
    if (error instanceof ConfigError) process.exitCode = fail(`invalid configuration: ${error.message}`, 2);
    else if (error instanceof DataDirInUseError) process.exitCode = fail(error.message, 3);
    else process.exitCode = reportFailure(describeCliFailure(error), argv);
  });
