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
    status: Extract<TranscriptStatus, 'queued' | 'skipped'>;
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

export type TranscriptEvent = TranscriptReceived;

export const transcriptStream = (transcriptId: string) => `transcript-${transcriptId}`;
