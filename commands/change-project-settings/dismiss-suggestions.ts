import type { CommandContext } from '../../src/eventstore/command-context.js';
import type { CoreServices } from '../../src/services.js';
import { decideSuggestion } from '../decide-merge-suggestion/handler.js';

/**
 * Identity linking turned `off` (spec 2.3): the project's open merge suggestions are dismissed, each
 * with `MergeSuggestionDismissed` in its own record, so the queue holds nothing a support lead could
 * act on against the setting. Called once the read models have applied the settings change: no
 * suggestion is raised after it while linking is off. Run again (the same update repeated), it
 * dismisses what a run cut short left open.
 */
export async function dismissOpenSuggestions(
  services: Pick<CoreServices, 'db' | 'store' | 'clock' | 'engine'>,
  projectId: string,
  context: CommandContext,
): Promise<void> {
  const open = await services.db.query<{ suggestion_id: string }>(
    `SELECT suggestion_id FROM identity_suggestions WHERE project_id = $1 AND status = 'open' ORDER BY suggestion_id`,
    [projectId],
  );
  for (const { suggestion_id: suggestionId } of open.rows) await decideSuggestion(services, 'DismissSuggestion', suggestionId, projectId, context);
}
