import { generateApiKey } from '../../src/auth/api-keys.js';
import { Invalid } from '../../src/domain/errors.js';
import type { CommandContext } from '../../src/eventstore/command-context.js';
import { handleCommand } from '../../src/eventstore/command-handler.js';
import { projectDecider } from '../../src/domain/project/decider.js';
import { projectStream, type KeyMode, type ProjectSettings } from '../../src/domain/project/events.js';
import { validateSettings } from '../../src/domain/project/settings.js';
import type { CoreServices } from '../../src/services.js';

export interface CreateProjectInput {
  name: string;
  settings?: Partial<ProjectSettings>;
  mode?: KeyMode;
}

export interface CreatedProject {
  projectId: string;
  secretKey: string;
  widgetKey: string;
}

/** Creates a project with one secret and one widget key; the keys are returned once and only their hashes are kept. */
export async function createProject(
  services: Pick<CoreServices, 'store' | 'clock' | 'ids' | 'engine'>,
  input: CreateProjectInput,
  context: CommandContext,
): Promise<CreatedProject> {
  const { settings, problems } = validateSettings(input.settings ?? {});
  if (problems.length > 0) throw new Invalid(problems);
  const projectId = services.ids.next('proj');
  const mode = input.mode ?? 'test';
  const secret = generateApiKey('secret', mode);
  const widget = generateApiKey('widget', mode);
  const result = await handleCommand(
    services.store,
    projectStream(projectId),
    projectDecider,
    {
      type: 'CreateProject',
      projectId,
      name: input.name,
      settings,
      now: services.clock.now().toISOString(),
      keys: [
        { keyId: services.ids.next('key'), keyType: 'secret', mode, prefix: secret.prefix, keyHash: secret.keyHash },
        { keyId: services.ids.next('key'), keyType: 'widget', mode, prefix: widget.prefix, keyHash: widget.keyHash },
      ],
    },
    { context },
  );
  if (result.appended) await services.engine.waitFor(result.appended.position);
  return { projectId, secretKey: secret.key, widgetKey: widget.key };
}
