import { identityMergeDecider } from '../../src/domain/identity-merge/decider.js';
import { mergeSuggestionStream } from '../../src/domain/identity-merge/events.js';
import type { CommandContext } from '../../src/eventstore/command-context.js';
import { handleCommand } from '../../src/eventstore/command-handler.js';
import type { LogPosition } from '../../src/eventstore/event-store.js';
import type { CoreServices } from '../../src/services.js';

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
  let last: LogPosition | undefined;
  for (const { suggestion_id: suggestionId } of open.rows) {
    const handled = await handleCommand(
      services.store,
      mergeSuggestionStream(suggestionId),
      identityMergeDecider,
      { type: 'DismissSuggestion', suggestionId, projectId, at: services.clock.now().toISOString() },
      { context },
    );
    if (handled.appended) last = handled.appended.position;
  }
  if (last !== undefined) await services.engine.waitFor(last);
}
