import { redact } from '../../src/analysis/redaction/index.js';
import { Invalid } from '../../src/domain/errors.js';
import type { TranscriptFormat, TranscriptReceived } from '../../src/domain/transcript/events.js';
import { decideIntake, isExternal, type IntakeExclusions, type IntakePlan, type TranscriptSpeaker } from '../../src/domain/transcript/intake.js';
import { instantOf } from '../../src/http/date-time.js';
import { readCall, type CallInput } from '../../src/transcripts/read-call.js';
import { ownerLabels, speakerOf } from '../../src/transcripts/speakers.js';
import { countWords } from '../../src/transcripts/words.js';
import type { ExtractionWork } from '../../src/transcripts/extraction/extraction-work.js';
import type { ExtractionTurn } from '../../src/transcripts/extraction/quote-extractor.js';
import type { SubmitTranscriptBody } from './schema.js';

/** Rule 5: a call that started more than 48 hours before receipt is a backfill. */
export const BACKFILL_AFTER_MS = 48 * 60 * 60 * 1000;

export interface IntakeContext {
  projectId: string;
  transcriptId: string;
  receivedAt: Date;
  exclusions: IntakeExclusions;
  plan: IntakePlan;
}

/**
 * The record of a call as intake decides it: counts, the decision, the redacted title and
 * metadata. The text, the speaker labels and the attendees' names and emails are used here and
 * dropped: nothing of them is in the record.
 */
export interface Intake {
  record: TranscriptReceived['data'];
  /** What extraction needs (the turns, the names to redact): kept in the work row of a queued call only. */
  work: ExtractionWork;
}

export function intakeRecord(body: SubmitTranscriptBody, context: IntakeContext): Intake {
  const read = readCall(body as CallInput);
  if (!read.ok) throw new Invalid([{ field: 'text', message: `could not be read at line ${read.line}: ${read.message}` }]);
  const owner = ownerLabels({ name: body.owner_name, email: body.owner_email });
  const speakerTurns: Record<TranscriptSpeaker, number> = { me: 0, them: 0, unknown: 0 };
  const labels = new Set<string>();
  let wordCount = 0;
  let lastTimeSec: number | null = null;
  const turns: ExtractionTurn[] = [];
  for (const segment of read.segments) {
    const speaker = speakerOf(segment.label, owner);
    speakerTurns[speaker]++;
    turns.push({ speaker, text: segment.text, startSec: segment.startSec });
    if (speaker === 'them' && segment.label !== null) labels.add(segment.label);
    wordCount += countWords(segment.text);
    const time = segment.endSec ?? segment.startSec;
    if (time !== null && (lastTimeSec === null || time > lastTimeSec)) lastTimeSec = time;
  }
  const attendees = body.attendees ?? [];
  const externalAttendeeCount = attendees.filter((attendee) => isExternal(attendee, body.owner_email)).length;
  const decision = decideIntake(
    {
      wordCount,
      durationSec: body.duration_sec ?? null,
      lastTimeSec,
      speakerTurns,
      externalAttendees: body.attendees === undefined ? null : externalAttendeeCount,
      title: body.title ?? null,
      folder: body.folder ?? null,
    },
    context.exclusions,
    context.plan,
  );
  const knownNames = [body.owner_name, ...attendees.map((attendee) => attendee.name), ...labels].filter((name): name is string => !!name);
  const startedAt = body.started_at === undefined ? context.receivedAt.toISOString() : instantOf(body.started_at);
  const externalEmails = attendees.filter((attendee) => attendee.email && isExternal(attendee, body.owner_email)).map((attendee) => attendee.email!);
  const work: ExtractionWork = { turns, knownNames, customerEmail: externalEmails.length === 1 ? externalEmails[0] : null };
  const record: TranscriptReceived['data'] = {
    transcriptId: context.transcriptId,
    projectId: context.projectId,
    externalId: body.external_id,
    provider: 'api',
    status: decision.status,
    skipReason: decision.skipReason,
    wordCount,
    meteredItems: decision.meteredItems,
    format: formatOf(body),
    segmentCount: read.segments.length,
    speakerTurns,
    attendeeCount: attendees.length,
    externalAttendeeCount,
    title: body.title === undefined ? null : redact(body.title, { knownNames }).text,
    url: body.url ?? null,
    language: body.language?.toLowerCase() ?? null,
    durationSec: body.duration_sec ?? null,
    startedAt,
    backfill: context.receivedAt.getTime() - Date.parse(startedAt) > BACKFILL_AFTER_MS,
    receivedAt: context.receivedAt.toISOString(),
  };
  return { record, work };
}

const formatOf = (body: SubmitTranscriptBody): TranscriptFormat => (body.segments !== undefined ? 'segments' : (body.format ?? 'text'));
