import { redact } from '../../src/analysis/redaction/index.js';
import { NotFound } from '../../src/domain/errors.js';
import { projectStream } from '../../src/domain/project/events.js';
import { trackedQuestionsDecider } from '../../src/domain/question/decider.js';
import { trackedQuestionsStream } from '../../src/domain/question/events.js';
import type { CommandContext } from '../../src/eventstore/command-context.js';
import { handleCommand } from '../../src/eventstore/command-handler.js';
import { questionSubject } from '../../src/resources/questions.js';
import type { CoreServices } from '../../src/services.js';

/** Enough concurrent tracks to fill the cap all retry on the fresh stream instead of failing. */
const APPEND_ATTEMPTS = 30;

/**
 * Tracks a question for a project. The text is redacted before it is recorded (an operator may paste
 * a customer's words); the worker embeds it and evaluates its verdict.
 */
export async function trackQuestion(
  services: Pick<CoreServices, 'store' | 'clock' | 'ids' | 'engine'>,
  input: { projectId: string; text: string; about?: string },
  context: CommandContext,
): Promise<{ questionId: string; text: string; about: string }> {
  if ((await services.store.readStream(projectStream(input.projectId))).length === 0) throw new NotFound('The project');
  const questionId = services.ids.next('qst');
  const text = redact(input.text).text;
  const about = input.about === undefined ? undefined : redact(input.about).text;
  const handled = await handleCommand(
    services.store,
    trackedQuestionsStream(input.projectId),
    trackedQuestionsDecider,
    { type: 'TrackQuestion', projectId: input.projectId, questionId, text, about, subject: questionSubject(text), now: services.clock.now().toISOString() },
    { context, attempts: APPEND_ATTEMPTS },
  );
  if (handled.appended) await services.engine.waitFor(handled.appended.position);
  const tracked = handled.state.questions.get(questionId);
  return { questionId, text: tracked?.text ?? text, about: tracked?.about ?? about ?? text };
}
