import type { Config } from '../config.js';
import { createLogger } from '../logger.js';
import { openRuntime } from '../runtime.js';
import type { CliCommand, Print } from './command.js';

/** Opens the database in this process (the embedded one only while no service holds it) and runs the command. */
export async function runLocally(config: Config, name: string, command: CliCommand, args: string[], print: Print): Promise<void> {
  const logger = createLogger(process.env.LOG_LEVEL ?? 'warn');
  const runtime = await openRuntime(config, { holder: `feedbackctl ${name}`, logger });
  try {
    if (command.catchUpFirst) await runtime.engine.catchUp();
    await command.run(runtime, args, print, { local: true });
  } finally {
    await runtime.close();
  }
}
