import { trackedQuestionsDecider } from '../../src/domain/question/decider.js';
import { trackedQuestionsStream } from '../../src/domain/question/events.js';
import type { CommandContext } from '../../src/eventstore/command-context.js';
import { handleCommand } from '../../src/eventstore/command-handler.js';
import type { CoreServices } from '../../src/services.js';

/** Stops tracking a question: it leaves `GET /api/v1/questions` and emits no more verdicts. */
export async function untrackQuestion(
  services: Pick<CoreServices, 'store' | 'clock' | 'engine'>,
  input: { projectId: string; questionId: string },
  context: CommandContext,
): Promise<void> {
  const handled = await handleCommand(
    services.store,
    trackedQuestionsStream(input.projectId),
    trackedQuestionsDecider,
    { type: 'UntrackQuestion', projectId: input.projectId, questionId: input.questionId, now: services.clock.now().toISOString() },
    { context },
  );
  if (handled.appended) await services.engine.waitFor(handled.appended.position);
}
