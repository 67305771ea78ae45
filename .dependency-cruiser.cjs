/**
 * Imports run only downwards through LAYERS, and never in a circle (type-only imports count: a circle
 * of types is still two modules that cannot be read one without the other). Finer rules (the domain
 * imports nothing outside src/domain; command handlers do not import queries) are in eslint.config.js.
 * docs/explanation/architecture.md says what each layer holds.
 */

/** Modules of src/cli that belong to the commands (below the admin channel), not to the feedbackctl program. */
const CLI_COMMAND_MODULES = ['command', 'command-table', 'command-usages', 'cli-failure', 'output', 'cli-context'];

/** The layers, bottom to top: a module may import from its own layer and the layers before it. */
const LAYERS = [
  { name: 'support', paths: ['^src/support/', '^src/logger\\.ts$'] },
  { name: 'domain', paths: ['^src/domain/'] },
  { name: 'resources', paths: ['^src/resources/'] },
  { name: 'storage', paths: ['^src/db/', '^src/eventstore/', '^src/auth/'] },
  { name: 'projection-engine', paths: ['^src/projection-engine/'] },
  { name: 'observability', paths: ['^src/observability/'] },
  {
    name: 'analysis',
    paths: ['^src/analysis/', '^src/transcripts/', '^src/outbound/', '^src/integrations/', '^src/config\\.ts$', '^src/services\\.ts$'],
  },
  // The list of every reactor (src/reactors/index.ts) sits with the processes: a process keeps its tracking reactor in its own folder.
  { name: 'projections-reactors', paths: ['^projections/', '^src/reactors/(?!index\\.ts$)'] },
  { name: 'work', paths: ['^src/work/', '^src/webhooks/', '^src/notifications/'] },
  { name: 'processes', paths: ['^src/processes/', '^src/reactors/index\\.ts$'] },
  { name: 'http', paths: ['^src/http/'] },
  { name: 'commands-queries', paths: ['^commands/', '^queries/'] },
  { name: 'workspace', paths: ['^src/app/'] },
  {
    name: 'runtime',
    paths: ['^src/runtime\\.ts$', '^src/background-work\\.ts$', '^src/routes\\.ts$', '^src/container\\.ts$', '^src/first-run\\.ts$'],
  },
  { name: 'imports', paths: ['^src/imports/'] },
  // The feedbackctl commands themselves: run by the CLI and, inside the service, by the admin channel.
  { name: 'cli-commands', paths: ['^src/cli/commands/', `^src/cli/(${CLI_COMMAND_MODULES.join('|')})\\.ts$`] },
  { name: 'admin', paths: ['^src/admin/'] },
  { name: 'server', paths: ['^src/server\\.ts$', '^src/main\\.ts$'] },
  // The feedbackctl program: it asks a running service or opens the database itself.
  { name: 'cli', paths: [`^src/cli/(?!commands/|(${CLI_COMMAND_MODULES.join('|')})\\.ts$)`] },
];

const any = (patterns) => patterns.join('|');

const layerRules = LAYERS.slice(0, -1).map((layer, index) => ({
  name: `layer-${layer.name}`,
  severity: 'error',
  comment: `The ${layer.name} layer may not import from the layers above it.`,
  from: { path: any(layer.paths) },
  to: { path: any(LAYERS.slice(index + 1).flatMap((higher) => higher.paths)) },
}));

module.exports = {
  forbidden: [
    ...layerRules,
    {
      name: 'in-a-layer',
      severity: 'error',
      comment: 'Every module of the service belongs to a layer: add a new folder to LAYERS in .dependency-cruiser.cjs.',
      from: { path: '^(src|commands|queries|projections)/', pathNot: any(LAYERS.flatMap((layer) => layer.paths)) },
      to: {},
    },
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A cycle between modules (type-only imports count); break it by moving the shared piece down a layer.',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|dist|data)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
  },
};
