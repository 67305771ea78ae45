import type { Decider, DomainEvent } from '../domain/decider.js';
import type { CommandContext } from './command-context.js';
import { WrongExpectedRevisionError, type AppendResult, type EventStore, type RecordedEvent } from './event-store.js';

export type { Decider, DomainEvent };

export interface HandleOptions {
  attempts?: number;
  expectNewStream?: boolean;
  /** Recorded as the metadata of every appended event. */
  context: CommandContext;
}

export interface Handled<State, Event> {
  events: Event[];
  state: State;
  /** Null when the decision produced no events. */
  appended: AppendResult | null;
}

export function foldStream<State, Event extends DomainEvent>(
  decider: Pick<Decider<State, unknown, Event>, 'initialState' | 'evolve'>,
  recorded: RecordedEvent[],
): State {
  return recorded.reduce((state, event) => decider.evolve(state, event as unknown as Event), decider.initialState());
}

/**
 * Reads the stream, folds it, decides, and appends with the revision it read. A concurrent writer
 * makes the append fail; the command is then decided again on the fresh state.
 */
export async function handleCommand<State, Command, Event extends DomainEvent>(
  store: EventStore,
  stream: string,
  decider: Decider<State, Command, Event>,
  command: Command,
  options: HandleOptions,
): Promise<Handled<State, Event>> {
  const attempts = options.attempts ?? 5;
  const metadata = { ...options.context };
  for (let attempt = 1; ; attempt++) {
    // A stream the caller has just named (a fresh id) is decided on the empty state without reading
    // it; if it existed after all, the "no stream" append fails and the next attempt reads it.
    const recorded = attempt === 1 && options.expectNewStream ? [] : await store.readStream(stream);
    const state = foldStream(decider, recorded);
    const events = decider.decide(command, state);
    const newState = events.reduce(decider.evolve, state);
    if (events.length === 0) return { events, state: newState, appended: null };
    const expected = recorded.length === 0 ? 'no_stream' : recorded[recorded.length - 1].revision;
    try {
      const appended = await store.append(
        stream,
        events.map((event) => ({ ...event, metadata })),
        expected,
      );
      return { events, state: newState, appended };
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError) || attempt >= attempts) throw error;
    }
  }
}
