import { Invalid } from '../../src/domain/errors.js';
import type { CommandContext } from '../../src/eventstore/command-context.js';
import { handleCommand } from '../../src/eventstore/command-handler.js';
import { projectDecider } from '../../src/domain/project/decider.js';
import { projectStream, type ProjectSettings } from '../../src/domain/project/events.js';
import { dismissOpenSuggestions } from './dismiss-suggestions.js';
import { validateOriginEdits, validateSettings, type OriginEdits } from '../../src/domain/project/settings.js';
import type { CoreServices } from '../../src/services.js';
import { checkSecretSettings, sealSecretSettings, type SecretSettings } from './sealed-settings.js';

/**
 * Changes a project's settings. Credentials (`secrets`: the Slack webhook URL, the tracker webhook
 * secrets) are checked and sealed here, so the settings event holds only their ciphertext.
 */
export async function changeProjectSettings(
  services: Pick<CoreServices, 'config' | 'db' | 'store' | 'clock' | 'engine'>,
  projectId: string,
  changes: Partial<ProjectSettings>,
  context: CommandContext,
  extras: {
    /** Origins to add and remove, against the allowlist as it is when the change is decided; not with `changes.allowedOrigins`. */
    originEdits?: OriginEdits;
    /** Credentials to check and seal. */
    secrets?: SecretSettings;
  } = {},
): Promise<void> {
  const { originEdits, secrets = {} } = extras;
  const { settings, problems } = validateSettings(changes);
  const edits = originEdits ? validateOriginEdits(originEdits) : undefined;
  if (edits && changes.allowedOrigins) problems.push({ field: 'allowedOrigins', message: 'either replace the list or edit it, not both' });
  problems.push(...(edits?.problems ?? []));
  problems.push(...checkSecretSettings(services.config, secrets));
  if (problems.length > 0) throw new Invalid(problems);
  Object.assign(settings, sealSecretSettings(services.config, secrets));
  const result = await handleCommand(
    services.store,
    projectStream(projectId),
    projectDecider,
    {
      type: 'ChangeProjectSettings',
      changes: settings,
      ...(edits ? { originEdits: edits.edits } : {}),
      now: services.clock.now().toISOString(),
    },
    { context },
  );
  if (result.appended) await services.engine.waitFor(result.appended.position);
  if (settings.identityLinking === 'off') await dismissOpenSuggestions(services, projectId, context);
}
