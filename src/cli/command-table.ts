import type { Runtime } from '../runtime.js';
import { erasureMaintenanceCommand, ERASURE_MAINTENANCE_USAGE } from './commands/erasure-maintenance.js';
import { keyCommand, KEY_USAGE } from './commands/key.js';
import { projectCommand, PROJECT_USAGE } from './commands/project.js';
import { projectionsCommand, PROJECTIONS_USAGE } from './commands/projections.js';
import { reclusterCommand, RECLUSTER_USAGE } from './commands/recluster.js';
import { reembedCommand, REEMBED_USAGE } from './commands/reembed.js';
import { reprojectCommand, REPROJECT_USAGE } from './commands/reproject.js';
import { webhooksCommand, WEBHOOKS_USAGE } from './commands/webhooks.js';
import { questionCommand, QUESTION_USAGE } from './commands/question.js';
import { importArgsForServer, importCommand, IMPORT_USAGE } from './commands/import.js';
import { exportArgsForServer, exportCommand, EXPORT_USAGE } from './commands/export.js';
import { identityCommand, IDENTITY_USAGE } from './commands/identity.js';

export type Print = (line: string) => void;

/** Where a command runs: `local` in the feedbackctl process (it owns the terminal), otherwise inside the service. */
export interface RunMode {
  local: boolean;
}

export interface CliCommand {
  run(runtime: Runtime, args: string[], print: Print, mode?: RunMode): Promise<void>;
  usage: string;
  /**
   * Runs inside a running service, through its admin channel. The others need the database to
   * themselves: they rebuild or rewrite tables, or load models for minutes.
   */
  throughServer: boolean;
  /** Projections status reports where the projections stand, so it must not move them first. */
  catchUpFirst: boolean;
  /** Only these may create a missing embedded data directory (besides `serve`). */
  createsDataDir?: (args: string[]) => boolean;
  /** The arguments as a running service must see them (file paths made absolute). */
  argsForServer?: (args: string[]) => string[];
}

export const CLI_COMMANDS: Record<string, CliCommand> = {
  project: { run: projectCommand, usage: PROJECT_USAGE, throughServer: true, catchUpFirst: true, createsDataDir: (args) => args[0] === 'create' },
  key: { run: keyCommand, usage: KEY_USAGE, throughServer: true, catchUpFirst: true },
  projections: { run: projectionsCommand, usage: PROJECTIONS_USAGE, throughServer: true, catchUpFirst: false },
  reproject: { run: reprojectCommand, usage: REPROJECT_USAGE, throughServer: false, catchUpFirst: true },
  recluster: { run: reclusterCommand, usage: RECLUSTER_USAGE, throughServer: false, catchUpFirst: true },
  reembed: { run: reembedCommand, usage: REEMBED_USAGE, throughServer: false, catchUpFirst: true },
  webhooks: { run: webhooksCommand, usage: WEBHOOKS_USAGE, throughServer: true, catchUpFirst: true },
  question: { run: questionCommand, usage: QUESTION_USAGE, throughServer: true, catchUpFirst: true },
  identity: { run: identityCommand, usage: IDENTITY_USAGE, throughServer: true, catchUpFirst: true },
  'erasure-maintenance': { run: erasureMaintenanceCommand, usage: ERASURE_MAINTENANCE_USAGE, throughServer: false, catchUpFirst: true },
  import: { run: importCommand, usage: IMPORT_USAGE, throughServer: true, catchUpFirst: true, argsForServer: importArgsForServer },
  export: { run: exportCommand, usage: EXPORT_USAGE, throughServer: true, catchUpFirst: true, argsForServer: exportArgsForServer },
};

export const SERVE_USAGE = `
  feedbackctl serve                     run the HTTP service (same as npm start)`;

export function findCommand(name: string): CliCommand | undefined {
  return Object.hasOwn(CLI_COMMANDS, name) ? CLI_COMMANDS[name] : undefined;
}
