/**
 * Imports run only downwards through LAYERS, and never in a circle (type-only imports count: a circle
 * of types is still two modules that cannot be read one without the other). Finer rules (the domain
 * imports nothing outside src/domain; command handlers do not import queries) are in eslint.config.js.
 * docs/explanation/architecture.md says what each layer holds.
 */

/** The layers, bottom to top: a module may import from its own layer and the layers before it. */
const LAYERS = [
  { name: 'support', paths: ['^src/support/', '^src/logger\\.ts$'] },
  { name: 'domain', paths: ['^src/domain/'] },
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
  { name: 'admin-imports', paths: ['^src/admin/', '^src/imports/'] },
  { name: 'server', paths: ['^src/server\\.ts$', '^src/main\\.ts$'] },
  { name: 'cli', paths: ['^src/cli/'] },
];

/**
 * Imports tolerated for now, each named by its file pair; none may be added. src/cli is being reworked:
 * once that lands, the admin channel stops importing the CLI's command table, and the import and export
 * commands stop taking their types from it.
 */
const EXCEPTIONS = [
  { from: 'src/admin/run-admin-command.ts', to: ['src/cli/command-table.ts', 'src/cli/cli-failure.ts'] },
  { from: 'src/admin/admin-protocol.ts', to: ['src/cli/cli-failure.ts'] },
];
const CIRCLE_EXCEPTIONS = [
  { from: 'src/cli/command-table.ts', to: ['src/cli/commands/import.ts', 'src/cli/commands/export.ts'] },
  { from: 'src/cli/commands/import.ts', to: ['src/cli/command-table.ts'] },
  { from: 'src/cli/commands/export.ts', to: ['src/cli/command-table.ts'] },
];

const exactly = (file) => `^${file.replace(/[.]/g, '\\.')}$`;
const any = (patterns) => patterns.join('|');
const inLayer = (layer, file) => layer.paths.some((path) => new RegExp(path).test(file));

const layerRules = LAYERS.slice(0, -1).flatMap((layer, index) => {
  const rule = (from, toPathNot) => ({
    name: `layer-${layer.name}`,
    severity: 'error',
    comment: `The ${layer.name} layer may not import from the layers above it.`,
    from,
    to: { path: any(LAYERS.slice(index + 1).flatMap((higher) => higher.paths)), ...(toPathNot ? { pathNot: toPathNot } : {}) },
  });
  const excepted = EXCEPTIONS.filter((exception) => inLayer(layer, exception.from));
  return [
    rule({ path: any(layer.paths), ...(excepted.length > 0 ? { pathNot: any(excepted.map((exception) => exactly(exception.from))) } : {}) }),
    ...excepted.map((exception) => rule({ path: exactly(exception.from) }, any(exception.to.map(exactly)))),
  ];
});

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
      from: { pathNot: any(CIRCLE_EXCEPTIONS.map((exception) => exactly(exception.from))) },
      to: { circular: true },
    },
    ...CIRCLE_EXCEPTIONS.map((exception) => ({
      name: 'no-circular',
      severity: 'error',
      comment: 'A cycle between modules (an excepted file: only its named import may close a cycle).',
      from: { path: exactly(exception.from) },
      to: { circular: true, pathNot: any(exception.to.map(exactly)) },
    })),
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|dist|data)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
  },
};
