import { describeCliFailure } from '../cli/cli-failure.js';
import { findCommand } from '../cli/command-table.js';
import type { Logger } from '../logger.js';
import type { Runtime } from '../runtime.js';
import { refusal, type AdminAnswer } from './admin-protocol.js';

/** The command and subcommand, for the log: arguments may carry keys or e-mail addresses. */
function commandName(argv: string[]): string {
  const [name, sub] = argv;
  return sub && /^[a-z-]{1,20}$/.test(sub) ? `${name} ${sub}` : name;
}

/**
 * Runs a feedbackctl command line inside the service, on its runtime: its projections are live,
 * so a command that waits for its events sees them applied (and the key cache cleared) at once.
 */
export async function runAdminCommand(runtime: Runtime, argv: string[], logger: Logger, progress?: (line: string) => void): Promise<AdminAnswer> {
  const [name, ...args] = argv;
  const command = findCommand(name);
  if (!command) return refusal('usage', `unknown command "${name.slice(0, 100)}"`);
  if (!command.throughServer) return refusal('refused', `${name} cannot run inside the running service; stop it first`);
  const output: string[] = [];
  logger.info({ command: commandName(argv) }, 'admin command');
  try {
    await command.run(runtime, args, (line) => output.push(line), { local: false, progress });
    return { ok: true, output };
  } catch (error) {
    const failure = describeCliFailure(error);
    if (failure.kind === 'failed') logger.warn({ command: commandName(argv), err: error }, 'admin command failed');
    return { ok: false, output, error: failure };
  }
}
