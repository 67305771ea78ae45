import type { AppRole } from '../domain/app-session/events.js';
import type { KeyType } from '../domain/project/events.js';
import type { RecordedEvent } from './event-store.js';

/**
 * Who asked: an API key, by its id and never the key itself; a workspace session (a person signed in
 * through a link), by its id; or a part of the system (a worker, feedbackctl).
 */
export type Actor =
  { kind: 'api-key'; keyId: string; keyType: KeyType } | { kind: 'app-session'; sessionId: string; role: AppRole } | { kind: 'system'; name: string };

/** Why a command runs and on whose behalf; every event it appends carries this as its metadata. */
export interface CommandContext {
  /** Shared by everything one request or run set off: the HTTP request id, inherited by the events that follow. */
  correlationId: string;
  /** What directly caused the command: the HTTP request (its id), or the event a worker reacted to (its event id). */
  causationId: string;
  actor: Actor;
}

/** A command run in reaction to a recorded event: same correlation as that event, caused by it. */
export function causedBy(event: RecordedEvent, actor: Actor): CommandContext {
  const inherited = event.metadata.correlationId;
  return { correlationId: typeof inherited === 'string' ? inherited : event.id, causationId: event.id, actor };
}

/** A command the system starts on its own (a CLI call, a scheduled pass); `runId` names that run. */
export function systemContext(name: string, runId: string): CommandContext {
  return { correlationId: runId, causationId: runId, actor: { kind: 'system', name } };
}
