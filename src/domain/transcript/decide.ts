import { Conflict, NotFound } from '../errors.js';
import type { TranscriptEvent, TranscriptReceived } from './events.js';
import { awaitsExtraction, type TranscriptState } from './state.js';

export type ExtractionOutcome =
  { kind: 'extracted'; feedbackIds: string[]; extractor: string } | { kind: 'internal'; extractor: string } | { kind: 'failed'; failureReason: string };

export type TranscriptCommand =
  | { type: 'ReceiveTranscript'; record: TranscriptReceived['data'] }
  | { type: 'StartExtraction'; now: string }
  | { type: 'FinishExtraction'; outcome: ExtractionOutcome; now: string };

/** The external_id was received before in this project: the caller answers with the existing record (rule 10). */
export class TranscriptAlreadyReceived extends Conflict {
  constructor(readonly transcriptId: string) {
    super(`Transcript ${transcriptId} was received already`);
  }
}

/**
 * Intake, then extraction (spec 3.2): `queued` → `extracting` → `done` | `failed` | `skipped`
 * (`internal_call`). Starting again while `extracting` (a resumed crash) adds nothing; an outcome
 * for a call that has one already adds nothing, so a repeated worker step is harmless.
 */
export function decideTranscript(command: TranscriptCommand, state: TranscriptState): TranscriptEvent[] {
  if (command.type === 'ReceiveTranscript') {
    if (state.received) throw new TranscriptAlreadyReceived(state.received.transcriptId);
    return [{ type: 'TranscriptReceived', data: command.record }];
  }
  if (!state.received) throw new NotFound('The transcript');
  const { transcriptId, projectId } = state.received;
  if (!awaitsExtraction(state)) return [];
  switch (command.type) {
    case 'StartExtraction':
      return state.status === 'queued' ? [{ type: 'TranscriptExtractionStarted', data: { transcriptId, projectId, startedAt: command.now } }] : [];
    case 'FinishExtraction': {
      const { outcome, now } = command;
      switch (outcome.kind) {
        case 'extracted':
          return [
            {
              type: 'TranscriptExtracted',
              data: {
                transcriptId,
                projectId,
                feedbackIds: outcome.feedbackIds,
                signalCount: outcome.feedbackIds.length,
                extractor: outcome.extractor,
                extractedAt: now,
              },
            },
          ];
        case 'internal':
          return [{ type: 'TranscriptJudgedInternal', data: { transcriptId, projectId, extractor: outcome.extractor, judgedAt: now } }];
        case 'failed':
          return [{ type: 'TranscriptExtractionFailed', data: { transcriptId, projectId, failureReason: outcome.failureReason, failedAt: now } }];
      }
    }
  }
}
