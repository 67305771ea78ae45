import type { CliCommand } from './command.js';
import {
  APP_LINK_USAGE,
  APP_SESSIONS_USAGE,
  ERASURE_MAINTENANCE_USAGE,
  EXPORT_USAGE,
  IMPORT_USAGE,
  KEY_USAGE,
  PROJECT_USAGE,
  PROJECTIONS_USAGE,
  QUESTION_USAGE,
  IDENTITY_USAGE,
  RECLUSTER_USAGE,
  REEMBED_USAGE,
  REPROJECT_USAGE,
  WEBHOOKS_USAGE,
} from './command-usages.js';
import { exportArgsForServer } from './commands/export-args.js';
import { importArgsForServer } from './commands/import-options.js';

type Run = CliCommand['run'];

/**
 * A command's code, imported when it runs: each start of feedbackctl loads only the command it
 * runs (the analyzer, labeler and importer bring large libraries along).
 */
const lazy =
  (load: () => Promise<Run>): Run =>
  async (...args) =>
    (await load())(...args);

export const CLI_COMMANDS: Record<string, CliCommand> = {
  project: {
    run: lazy(async () => (await import('./commands/project.js')).projectCommand),
    usage: PROJECT_USAGE,
    throughServer: true,
    catchUpFirst: true,
    createsDataDir: (args) => args[0] === 'create',
  },
  key: { run: lazy(async () => (await import('./commands/key.js')).keyCommand), usage: KEY_USAGE, throughServer: true, catchUpFirst: true },
  projections: {
    run: lazy(async () => (await import('./commands/projections.js')).projectionsCommand),
    usage: PROJECTIONS_USAGE,
    throughServer: true,
    catchUpFirst: false,
  },
  reproject: {
    run: lazy(async () => (await import('./commands/reproject.js')).reprojectCommand),
    usage: REPROJECT_USAGE,
    throughServer: false,
    catchUpFirst: true,
  },
  recluster: {
    run: lazy(async () => (await import('./commands/recluster.js')).reclusterCommand),
    usage: RECLUSTER_USAGE,
    throughServer: false,
    catchUpFirst: true,
  },
  reembed: { run: lazy(async () => (await import('./commands/reembed.js')).reembedCommand), usage: REEMBED_USAGE, throughServer: false, catchUpFirst: true },
  webhooks: { run: lazy(async () => (await import('./commands/webhooks.js')).webhooksCommand), usage: WEBHOOKS_USAGE, throughServer: true, catchUpFirst: true },
  question: { run: lazy(async () => (await import('./commands/question.js')).questionCommand), usage: QUESTION_USAGE, throughServer: true, catchUpFirst: true },
  identity: { run: lazy(async () => (await import('./commands/identity.js')).identityCommand), usage: IDENTITY_USAGE, throughServer: true, catchUpFirst: true },
  'erasure-maintenance': {
    run: lazy(async () => (await import('./commands/erasure-maintenance.js')).erasureMaintenanceCommand),
    usage: ERASURE_MAINTENANCE_USAGE,
    throughServer: false,
    catchUpFirst: true,
  },
  import: {
    run: lazy(async () => (await import('./commands/import.js')).importCommand),
    usage: IMPORT_USAGE,
    throughServer: true,
    catchUpFirst: true,
    argsForServer: importArgsForServer,
  },
  export: {
    run: lazy(async () => (await import('./commands/export.js')).exportCommand),
    usage: EXPORT_USAGE,
    throughServer: true,
    catchUpFirst: true,
    argsForServer: exportArgsForServer,
  },
  'app-link': {
    run: lazy(async () => (await import('./commands/app-link.js')).appLinkCommand),
    usage: APP_LINK_USAGE,
    throughServer: true,
    catchUpFirst: true,
  },
  'app-sessions': {
    run: lazy(async () => (await import('./commands/app-sessions.js')).appSessionsCommand),
    usage: APP_SESSIONS_USAGE,
    throughServer: true,
    catchUpFirst: true,
  },
};

export const SERVE_USAGE = `
  feedbackctl serve                     run the HTTP service (same as npm start)`;

export function findCommand(name: string): CliCommand | undefined {
  return Object.hasOwn(CLI_COMMANDS, name) ? CLI_COMMANDS[name] : undefined;
}
