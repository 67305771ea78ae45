import { expect } from 'chai';
import type { TranscriptEvent, TranscriptReceived } from '../../../src/domain/transcript/events.js';
import { evolveTranscript, initialTranscriptState } from '../../../src/domain/transcript/state.js';
import { decideExtraction, ORPHAN_AFTER_SECONDS, type ExtractionAction, type ExtractionInput } from '../../../src/processes/transcript-extraction/workflow.js';
import { WorkflowSpecification } from '../../support/workflow-spec.js';

const RECEIVED_AT = '2026-03-01T12:00:00.000Z';
const AT = '2026-03-01T12:00:05.000Z';
const call: TranscriptReceived['data'] = {
  transcriptId: 'tr_1',
  projectId: 'p1',
  externalId: 'call-1',
  provider: 'zoom',
  status: 'queued',
  skipReason: null,
  wordCount: 120,
  meteredItems: 1,
  format: 'text',
  segmentCount: 4,
  speakerTurns: { me: 2, them: 2, unknown: 0 },
  attendeeCount: 2,
  externalAttendeeCount: 1,
  title: null,
  url: null,
  language: 'en',
  durationSec: 300,
  startedAt: RECEIVED_AT,
  backfill: false,
  receivedAt: RECEIVED_AT,
};
const received: TranscriptEvent = { type: 'TranscriptReceived', data: call };
const started: TranscriptEvent = { type: 'TranscriptExtractionStarted', data: { transcriptId: 'tr_1', projectId: 'p1', startedAt: AT } };
const extracted: TranscriptEvent = {
  type: 'TranscriptExtracted',
  data: { transcriptId: 'tr_1', projectId: 'p1', feedbackIds: ['f1'], signalCount: 1, extractor: 'x', extractedAt: AT },
};

const spec = WorkflowSpecification.for(decideExtraction);
/** The transcript's record as its stream holds it. */
const given = (...events: TranscriptEvent[]) => spec.given(events.reduce(evolveTranscript, initialTranscriptState()));
const claimed = (enqueuedAt = RECEIVED_AT): ExtractionInput => ({ type: 'Claimed', enqueuedAt, at: AT });
const quote = { text: 'The export keeps failing', turnIndex: 1, startSec: 12 };
const finish = (outcome: Extract<ExtractionAction, { type: 'FinishExtraction' }>['outcome']): ExtractionAction[] => [
  { type: 'FinishExtraction', outcome, at: AT },
  { type: 'DropWork' },
];
const failed = (attempts: number, code?: string): ExtractionInput => ({ type: 'Failed', ...(code ? { code } : {}), attempts, maxAttempts: 5, at: AT });

describe('the transcript extraction workflow (given the transcript’s record, when claimed or answered, then what it does next)', () => {
  describe('the happy path', () => {
    it('given a queued call, when its row is claimed, then it records `extracting` and asks the extractor', () =>
      given(received)
        .when(claimed())
        .then([{ type: 'StartExtraction', at: AT }, { type: 'Extract' }]));

    it('given the call, when the extractor found quotes, then they become items', () =>
      given(received, started)
        .when({ type: 'Extracted', extractor: 'x', internal: false, quotes: [quote], at: AT })
        .then([{ type: 'EmitQuotes', call, extractor: 'x', quotes: [quote] }]));

    it('given the call, when its quotes are items, then the outcome names them and the row (the text) goes', () =>
      given(received, started)
        .when({ type: 'QuotesEmitted', extractor: 'x', feedbackIds: ['f1', 'f2'], at: AT })
        .then(finish({ kind: 'extracted', extractor: 'x', feedbackIds: ['f1', 'f2'] })));

    it('given the call, when the extractor judged it internal, then it is skipped with no items', () =>
      given(received, started)
        .when({ type: 'Extracted', extractor: 'x', internal: true, quotes: [], at: AT })
        .then(finish({ kind: 'internal', extractor: 'x' })));
  });

  describe('the idempotent repeat', () => {
    it('given an outcome already recorded, when the row is claimed again, then only the row goes (nothing is extracted twice)', () =>
      given(received, started, extracted)
        .when(claimed())
        .then([{ type: 'DropWork' }]));

    it('given a call skipped at intake, when a row is claimed, then only the row goes', () =>
      given({ type: 'TranscriptReceived', data: { ...call, status: 'skipped', skipReason: 'too_short' } as TranscriptReceived['data'] })
        .when(claimed())
        .then([{ type: 'DropWork' }]));
  });

  describe('a crash, then the resume', () => {
    it('given a call left `extracting` by a crash, when claimed again, then it is extracted again (the items already made are found by their keys)', () =>
      given(received, started)
        .when(claimed())
        .then([{ type: 'StartExtraction', at: AT }, { type: 'Extract' }]));

    it('given no call for a fresh row (its intake is under way), when claimed, then the row waits a little', () =>
      given()
        .when(claimed(AT))
        .then([{ type: 'Retry', delaySeconds: ORPHAN_AFTER_SECONDS }]));

    it('given no call for an old row (its intake failed after writing it), when claimed, then the row is dropped', () =>
      given()
        .when(claimed('2026-03-01T11:00:00.000Z'))
        .then([{ type: 'DropWork' }]));
  });

  describe('failures', () => {
    it('given the call, when an uncoded failure on an early attempt, then it is retried after a growing delay', () => {
      given(received, started)
        .when(failed(1))
        .then([{ type: 'Retry', delaySeconds: 2 }]);
      given(received, started)
        .when(failed(3))
        .then([{ type: 'Retry', delaySeconds: 8 }]);
    });

    it('given the call, when an uncoded failure on the last attempt, then it ends `failed` with extraction_error', () =>
      given(received, started)
        .when(failed(5))
        .then(finish({ kind: 'failed', failureReason: 'extraction_error' })));

    it('given the call, when the extractor fails with a code, then it ends `failed` at once with that code', () =>
      given(received, started)
        .when(failed(1, 'provider_5xx'))
        .thenMatches((actions) => expect(actions[0]).to.deep.include({ outcome: { kind: 'failed', failureReason: 'provider_5xx' } })));
  });
});
