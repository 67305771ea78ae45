import { projectDecider } from '../../src/domain/project/decider.js';
import { projectStream } from '../../src/domain/project/events.js';
import { TranscriptAlreadyReceived } from '../../src/domain/transcript/decide.js';
import { transcriptDecider } from '../../src/domain/transcript/decider.js';
import { transcriptStream, type TranscriptReceived } from '../../src/domain/transcript/events.js';
import { transcriptIdForExternalId } from '../../src/domain/transcript/identity.js';
import type { IntakeExclusions, IntakePlan } from '../../src/domain/transcript/intake.js';
import type { CommandContext } from '../../src/eventstore/command-context.js';
import { foldStream, handleCommand } from '../../src/eventstore/command-handler.js';
import type { EventStore } from '../../src/eventstore/event-store.js';
import type { CoreServices } from '../../src/services.js';
import { putExtractionWork } from '../../src/transcripts/extraction/extraction-work.js';
import { intakeRecord } from './intake-record.js';
import type { SubmitTranscriptBody } from './schema.js';

export interface SubmitTranscriptInput {
  projectId: string;
  /** The validated body; its text is read, counted and dropped. */
  body: SubmitTranscriptBody;
  /** Metered items the project's calls received since `monthStart` counted (the plan's usage so far). */
  meteredSince: (projectId: string, monthStart: Date) => Promise<number>;
}

export type SubmitTranscriptOutcome =
  | { kind: 'accepted'; record: TranscriptReceived['data'] }
  /** The external_id was received before in this project: its record, nothing counted again (rule 10). */
  | { kind: 'existing'; record: TranscriptReceived['data'] };

/** The project's transcript settings as its own stream has them now (not a read model that may lag a settings change). */
async function transcriptSettingsOf(store: EventStore, projectId: string): Promise<IntakeExclusions & { monthlyAllowance: number | null }> {
  const project = foldStream(projectDecider, await store.readStream(projectStream(projectId)));
  return {
    excludedTranscriptTitles: project.settings?.excludedTranscriptTitles ?? [],
    excludedTranscriptFolders: project.settings?.excludedTranscriptFolders ?? [],
    monthlyAllowance: project.settings?.monthlyCallAllowance ?? null,
  };
}

/** The plan's usage counts by calendar month in UTC: the allowance starts afresh at 00:00 UTC on the 1st. */
export const monthStartOf = (instant: Date) => new Date(Date.UTC(instant.getUTCFullYear(), instant.getUTCMonth(), 1));

async function planOf(input: SubmitTranscriptInput, monthlyAllowance: number | null, receivedAt: Date): Promise<IntakePlan> {
  if (monthlyAllowance === null) return { monthlyAllowance, meteredThisMonth: 0 };
  return { monthlyAllowance, meteredThisMonth: await input.meteredSince(input.projectId, monthStartOf(receivedAt)) };
}

/**
 * Decides intake and appends `TranscriptReceived` to the stream its external_id names, expecting no
 * stream: a repeat (even a concurrent one) finds the stream taken and answers with the first record.
 * Waits until the read models show it, so a GET right after the answer finds it.
 */
export async function submitTranscript(
  services: Pick<CoreServices, 'db' | 'store' | 'clock' | 'engine'>,
  input: SubmitTranscriptInput,
  context: CommandContext,
): Promise<SubmitTranscriptOutcome> {
  const { projectId, body } = input;
  const transcriptId = transcriptIdForExternalId(projectId, body.external_id);
  const stream = transcriptStream(transcriptId);
  const receivedAt = services.clock.now();
  const { monthlyAllowance, ...exclusions } = await transcriptSettingsOf(services.store, projectId);
  const { record, work } = intakeRecord(body, { projectId, transcriptId, receivedAt, exclusions, plan: await planOf(input, monthlyAllowance, receivedAt) });
  // The text must outlive a crash until extracted, and is in no event: the work row comes first.
  // Should the append fail, the extraction worker drops the orphan row (no transcript stream).
  if (record.status === 'queued') await putExtractionWork(services.db, transcriptId, projectId, work, receivedAt);
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
