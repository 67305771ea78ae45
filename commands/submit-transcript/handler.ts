import { projectDecider } from '../../src/domain/project/decider.js';
import { projectStream } from '../../src/domain/project/events.js';
import { TranscriptAlreadyReceived } from '../../src/domain/transcript/decide.js';
import { transcriptDecider } from '../../src/domain/transcript/decider.js';
import { transcriptStream, type TranscriptReceived } from '../../src/domain/transcript/events.js';
import { transcriptIdForExternalId } from '../../src/domain/transcript/identity.js';
import type { IntakeExclusions } from '../../src/domain/transcript/intake.js';
import type { CommandContext } from '../../src/eventstore/command-context.js';
import { foldStream, handleCommand } from '../../src/eventstore/command-handler.js';
import type { EventStore } from '../../src/eventstore/event-store.js';
import type { CoreServices } from '../../src/services.js';
import { intakeRecord } from './intake-record.js';
import type { SubmitTranscriptBody } from './schema.js';

export interface SubmitTranscriptInput {
  projectId: string;
  /** The validated body; its text is read, counted and dropped. */
  body: SubmitTranscriptBody;
}

export type SubmitTranscriptOutcome =
  | { kind: 'accepted'; record: TranscriptReceived['data'] }
  /** The external_id was received before in this project: its record, nothing counted again (rule 10). */
  | { kind: 'existing'; record: TranscriptReceived['data'] };

/** The project's transcript exclusions as its own stream has them now (not a read model that may lag a settings change). */
async function exclusionsOf(store: EventStore, projectId: string): Promise<IntakeExclusions> {
  const project = foldStream(projectDecider, await store.readStream(projectStream(projectId)));
  return {
    excludedTranscriptTitles: project.settings?.excludedTranscriptTitles ?? [],
    excludedTranscriptFolders: project.settings?.excludedTranscriptFolders ?? [],
  };
}

/**
 * Decides intake and appends `TranscriptReceived` to the stream its external_id names, expecting no
 * stream: a repeat (even a concurrent one) finds the stream taken and answers with the first record.
 * Waits until the read models show it, so a GET right after the answer finds it.
 */
export async function submitTranscript(
  services: Pick<CoreServices, 'store' | 'clock' | 'engine'>,
  input: SubmitTranscriptInput,
  context: CommandContext,
): Promise<SubmitTranscriptOutcome> {
  const { projectId, body } = input;
  const transcriptId = transcriptIdForExternalId(projectId, body.external_id);
  const stream = transcriptStream(transcriptId);
  const record = intakeRecord(body, {
    projectId,
    transcriptId,
    receivedAt: services.clock.now(),
    exclusions: await exclusionsOf(services.store, projectId),
  });
  try {
    const handled = await handleCommand(services.store, stream, transcriptDecider, { type: 'ReceiveTranscript', record }, { expectNewStream: true, context });
    await services.engine.waitFor(handled.appended!.position);
    return { kind: 'accepted', record };
  } catch (error) {
    if (!(error instanceof TranscriptAlreadyReceived)) throw error;
    const events = await services.store.readStream(stream);
    const state = foldStream(transcriptDecider, events);
    await services.engine.waitFor(events[events.length - 1].position);
    return { kind: 'existing', record: state.received! };
  }
}
