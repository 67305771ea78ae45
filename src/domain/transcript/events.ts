import type { SkipReason, TranscriptStatus } from './intake.js';

export type TranscriptFormat = 'segments' | 'text' | 'vtt';

/**
 * A call was received and decided at intake (spec 3.2). Only counts, decisions and metadata: the
 * transcript text, the speaker labels and the attendees' names and emails never enter the log.
 */
export interface TranscriptReceived {
  type: 'TranscriptReceived';
  data: {
    transcriptId: string;
    projectId: string;
    /** The caller's id for the call; the idempotency key within the project. */
    externalId: string;
    provider: string;
    status: Extract<TranscriptStatus, 'queued' | 'skipped' | 'plan_blocked'>;
    skipReason: SkipReason | null;
    wordCount: number;
    meteredItems: number;
    format: TranscriptFormat;
    segmentCount: number;
    /** Turns per speaker after mapping. */
    speakerTurns: { me: number; them: number; unknown: number };
    attendeeCount: number;
    externalAttendeeCount: number;
    /** Personal names (attendees, owner, speaker labels) and other personal data replaced by placeholders. */
    title: string | null;
    url: string | null;
    language: string | null;
    durationSec: number | null;
    /** When the call started: `started_at`, or the time of receipt when it was not sent. */
    startedAt: string;
    /** Started more than 48 hours before receipt (rule 5): its items join themes and health, never alerts. */
    backfill: boolean;
    receivedAt: string;
  };
}

/** Extraction began (spec 3.2 `queued` → `extracting`); a worker that dies after it resumes. */
export interface TranscriptExtractionStarted {
  type: 'TranscriptExtractionStarted';
  data: { transcriptId: string; projectId: string; startedAt: string };
}

/** Extraction is done: the feedback items its quotes became (source `call`). */
export interface TranscriptExtracted {
  type: 'TranscriptExtracted';
  data: { transcriptId: string; projectId: string; feedbackIds: string[]; signalCount: number; extractor: string; extractedAt: string };
}

/** Extraction failed for good: a code such as `provider_5xx` or `schema_refused`, never a message. */
export interface TranscriptExtractionFailed {
  type: 'TranscriptExtractionFailed';
  data: { transcriptId: string; projectId: string; failureReason: string; failedAt: string };
}

/** Extraction judged the call internal (spec 3.2): skipped `internal_call`, still counted, no items. */
export interface TranscriptJudgedInternal {
  type: 'TranscriptJudgedInternal';
  data: { transcriptId: string; projectId: string; extractor: string; judgedAt: string };
}

export type TranscriptEvent = TranscriptReceived | TranscriptExtractionStarted | TranscriptExtracted | TranscriptExtractionFailed | TranscriptJudgedInternal;

export const transcriptStream = (transcriptId: string) => `transcript-${transcriptId}`;
