import { Invalid } from '../../src/domain/errors.js';
import type { CommandContext } from '../../src/eventstore/command-context.js';
import { handleCommand } from '../../src/eventstore/command-handler.js';
import { projectDecider } from '../../src/domain/project/decider.js';
import { projectStream, type ProjectSettings } from '../../src/domain/project/events.js';
import { dismissOpenSuggestions } from './dismiss-suggestions.js';
import { validateOriginEdits, validateSettings, type OriginEdits } from '../../src/domain/project/settings.js';
import type { CoreServices } from '../../src/services.js';

export async function changeProjectSettings(
  services: Pick<CoreServices, 'db' | 'store' | 'clock' | 'engine'>,
  projectId: string,
  changes: Partial<ProjectSettings>,
  context: CommandContext,
  /** Origins to add and remove, against the allowlist as it is when the change is decided; not with `changes.allowedOrigins`. */
  originEdits?: OriginEdits,
): Promise<void> {
  const { settings, problems } = validateSettings(changes);
  const edits = originEdits ? validateOriginEdits(originEdits) : undefined;
  if (edits && changes.allowedOrigins) problems.push({ field: 'allowedOrigins', message: 'either replace the list or edit it, not both' });
  problems.push(...(edits?.problems ?? []));
  if (problems.length > 0) throw new Invalid(problems);
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
