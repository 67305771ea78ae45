import { parseArgs } from 'node:util';
import { cliContext } from '../cli-context.js';
import { changeProjectSettings } from '../../../commands/change-project-settings/handler.js';
import { createProject } from '../../../commands/create-project/handler.js';
import { listProjects } from '../../../queries/projects/list-projects.js';
import type { DigestCadence, IdentityLinking, KeyMode, ProjectSettings } from '../../domain/project/events.js';
import type { OriginEdits } from '../../domain/project/settings.js';
import type { SecretSettings } from '../../../commands/change-project-settings/sealed-settings.js';
import type { Runtime } from '../../runtime.js';
import { UsageError } from '../output.js';

function parseMode(value: string | undefined): KeyMode {
  if (value === undefined) return 'test';
  if (value !== 'test' && value !== 'live') throw new UsageError(`--mode must be test or live, got "${value}"`);
  return value;
}

async function create(runtime: Runtime, args: string[], print: (line: string) => void) {
  const { values } = parseArgs({
    args,
    options: {
      name: { type: 'string' },
      origin: { type: 'string', multiple: true },
      'customer-value-trait': { type: 'string' },
      mode: { type: 'string' },
      json: { type: 'boolean' },
    },
  });
  if (!values.name) throw new UsageError('project create needs --name NAME');
  const settings: Partial<ProjectSettings> = { allowedOrigins: values.origin ?? [] };
  if (values['customer-value-trait']) settings.customerValueTrait = values['customer-value-trait'];
  const created = await createProject(runtime, { name: values.name, settings, mode: parseMode(values.mode) }, cliContext(runtime));
  if (values.json) {
    print(JSON.stringify(created));
    return;
  }
  print(`Created project ${created.projectId} (keys are shown only now; only their hashes are stored)`);
  print(`  secret key: ${created.secretKey}`);
  print(`  widget key: ${created.widgetKey}`);
}

async function list(runtime: Runtime, args: string[], print: (line: string) => void) {
  const { values } = parseArgs({ args, options: { json: { type: 'boolean' } } });
  const projects = await listProjects(runtime.db);
  if (values.json) {
    print(JSON.stringify(projects));
    return;
  }
  if (projects.length === 0) print('No projects yet: feedbackctl project create --name NAME');
  for (const project of projects) {
    print(`${project.projectId}  ${project.name}  (created ${project.createdAt})`);
    print(
      `  origins: ${project.settings.allowedOrigins.join(', ') || '(none)'}; customer value trait: ${project.settings.customerValueTrait ?? '(none)'}; identity linking: ${project.settings.identityLinking}`,
    );
    print(`  ${notificationSummary(project.settings)}`);
    for (const key of project.keys) print(`  key ${key.prefix}…  ${key.keyType}/${key.mode}${key.revoked ? '  REVOKED' : ''}  (${key.keyId})`);
  }
}

/** Where alerts and digests go, without any credential. */
function notificationSummary(settings: Partial<ProjectSettings>): string {
  const slack = settings.slackWebhookCiphertext ? `on${settings.slackMinValue ? ` (users at risk from value ${settings.slackMinValue})` : ''}` : 'off';
  const emails = settings.digestEmails?.length ?? 0;
  const trackers = [settings.githubWebhookSecretCiphertext && 'github', settings.linearWebhookSecretCiphertext && 'linear'].filter(Boolean);
  return `slack: ${slack}; digest: ${settings.digest ?? 'off'}${emails > 0 ? ` (${emails} email address(es))` : ''}; tracker webhooks: ${trackers.join(', ') || '(none)'}`;
}

/** `--call-allowance N`: metered call items a month, a whole number (validated again by the settings). */
function parseAllowance(value: string): number {
  if (!/^\d{1,10}$/.test(value.trim())) throw new UsageError(`--call-allowance must be a whole number of metered items a month, got "${value}"`);
  return Number(value.trim());
}

async function update(runtime: Runtime, args: string[], print: (line: string) => void) {
  const { values } = parseArgs({
    args,
    options: {
      project: { type: 'string' },
      origin: { type: 'string', multiple: true },
      'remove-origin': { type: 'string', multiple: true },
      'set-origins': { type: 'string' },
      'clear-origins': { type: 'boolean' },
      'customer-value-trait': { type: 'string' },
      'clear-customer-value-trait': { type: 'boolean' },
      'identity-linking': { type: 'string' },
      'identity-ignore': { type: 'string', multiple: true },
      'clear-identity-ignore': { type: 'boolean' },
      'exclude-title': { type: 'string', multiple: true },
      'clear-excluded-titles': { type: 'boolean' },
      'exclude-folder': { type: 'string', multiple: true },
      'clear-excluded-folders': { type: 'boolean' },
      'call-allowance': { type: 'string' },
      'unlimited-calls': { type: 'boolean' },
      'slack-webhook': { type: 'string' },
      'clear-slack-webhook': { type: 'boolean' },
      'slack-min-value': { type: 'string' },
      'clear-slack-min-value': { type: 'boolean' },
      digest: { type: 'string' },
      'digest-email': { type: 'string', multiple: true },
      'clear-digest-emails': { type: 'boolean' },
      'github-webhook-secret': { type: 'string' },
      'clear-github-webhook-secret': { type: 'boolean' },
      'linear-webhook-secret': { type: 'string' },
      'clear-linear-webhook-secret': { type: 'boolean' },
    },
  });
  if (!values.project) throw new UsageError('project update needs --project ID');
  const changes: Partial<ProjectSettings> = {};
  const { replaced, edits } = originChanges(values);
  if (replaced) changes.allowedOrigins = replaced;
  if (values['customer-value-trait'] !== undefined) changes.customerValueTrait = values['customer-value-trait'];
  if (values['clear-customer-value-trait']) changes.customerValueTrait = null;
  if (values['identity-linking'] !== undefined) changes.identityLinking = values['identity-linking'] as IdentityLinking;
  if (values['identity-ignore'] || values['clear-identity-ignore']) changes.identityLinkingIgnore = values['identity-ignore'] ?? [];
  if (values['exclude-title'] || values['clear-excluded-titles']) changes.excludedTranscriptTitles = values['exclude-title'] ?? [];
  if (values['exclude-folder'] || values['clear-excluded-folders']) changes.excludedTranscriptFolders = values['exclude-folder'] ?? [];
  if (values['call-allowance'] !== undefined) changes.monthlyCallAllowance = parseAllowance(values['call-allowance']);
  if (values['unlimited-calls']) changes.monthlyCallAllowance = null;
  if (values['slack-min-value'] !== undefined) changes.slackMinValue = values['slack-min-value'];
  if (values['clear-slack-min-value']) changes.slackMinValue = null;
  if (values.digest !== undefined) changes.digest = values.digest as DigestCadence;
  if (values['digest-email'] || values['clear-digest-emails']) changes.digestEmails = values['digest-email'] ?? [];
  const secrets = secretChanges(values);
  const named = [...Object.keys(changes), ...(edits ? ['allowedOrigins'] : []), ...Object.keys(secrets)];
  if (named.length === 0) throw new UsageError('project update: name at least one setting to change');
  await changeProjectSettings(runtime, values.project, changes, cliContext(runtime), { originEdits: edits, secrets });
  print(`Updated project ${values.project}: ${named.join(', ')}`);
  if (replaced || edits) {
    const origins = (await listProjects(runtime.db)).find((p) => p.projectId === values.project)?.settings.allowedOrigins ?? [];
    print(`  origins now: ${origins.join(', ') || '(none)'}`);
  }
}

/**
 * The allowlist flags: `--origin` adds and `--remove-origin` removes (the other origins stay);
 * `--set-origins A,B` replaces the list and `--clear-origins` empties it. Editing and replacing
 * do not mix.
 */
function originChanges(values: { origin?: string[]; 'remove-origin'?: string[]; 'set-origins'?: string; 'clear-origins'?: boolean }): {
  replaced?: string[];
  edits?: OriginEdits;
} {
  const editing = values.origin !== undefined || values['remove-origin'] !== undefined;
  const replacing = [values['set-origins'] !== undefined && '--set-origins', values['clear-origins'] && '--clear-origins'].filter(Boolean);
  if (replacing.length > 1) throw new UsageError('project update: --set-origins and --clear-origins contradict each other; use one');
  if (editing && replacing.length > 0) {
    throw new UsageError(`project update: ${replacing[0]} replaces the whole list; --origin and --remove-origin edit it: use one or the other`);
  }
  if (values['clear-origins']) return { replaced: [] };
  if (values['set-origins'] !== undefined) {
    const list = values['set-origins']
      .split(',')
      .map((origin) => origin.trim())
      .filter((origin) => origin !== '');
    if (list.length === 0) throw new UsageError('project update: --set-origins needs at least one origin (URL,URL,…); --clear-origins empties the list');
    return { replaced: list };
  }
  return editing ? { edits: { add: values.origin ?? [], remove: values['remove-origin'] ?? [] } } : {};
}

/** Credentials, sealed by the command: only their names are ever printed. */
function secretChanges(values: Record<string, string | boolean | string[] | undefined>): SecretSettings {
  const secrets: SecretSettings = {};
  const pairs = [
    ['slack-webhook', 'slackWebhookUrl'],
    ['github-webhook-secret', 'githubWebhookSecret'],
    ['linear-webhook-secret', 'linearWebhookSecret'],
  ] as const;
  for (const [flag, setting] of pairs) {
    const given = values[flag];
    if (typeof given === 'string') secrets[setting] = given;
    if (values[`clear-${flag}`]) secrets[setting] = null;
  }
  return secrets;
}

export async function projectCommand(runtime: Runtime, args: string[], print: (line: string) => void): Promise<void> {
  const [sub, ...rest] = args;
  if (sub === 'create') return create(runtime, rest, print);
  if (sub === 'list') return list(runtime, rest, print);
  if (sub === 'update') return update(runtime, rest, print);
  throw new UsageError(`unknown project command "${sub ?? ''}"`);
}
