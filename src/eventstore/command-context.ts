import type { Actor, EventMetadata, RecordedEvent } from './event-store.js';

export type { Actor };

/** Why a command runs and on whose behalf; every event it appends carries this as its metadata. */
export interface CommandContext extends EventMetadata {
  /** Shared by everything one request or run set off: the HTTP request id, inherited by the events that follow. */
  correlationId: string;
  /** What directly caused the command: the HTTP request (its id), or the event a worker reacted to (its event id). */
  causationId: string;
  actor: Actor;
}

/** A command run in reaction to a recorded event: same correlation as that event, caused by it. */
export function causedBy(event: RecordedEvent, actor: Actor): CommandContext {
  return { correlationId: event.metadata.correlationId ?? event.id, causationId: event.id, actor };
}

/** A command the system starts on its own (a CLI call, a scheduled pass); `runId` names that run. */
export function systemContext(name: string, runId: string): CommandContext {
  return { correlationId: runId, causationId: runId, actor: { kind: 'system', name } };
}
