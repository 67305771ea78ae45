import { handleCommand, type Decider, type DomainEvent, type Handled, type HandleOptions } from './command-handler.js';
import { StreamErasedError, type EventStore } from './event-store.js';

/** More erasures of one entity than anyone will ask for; a bound, so a bug cannot loop for ever. */
const MAX_INCARNATIONS = 10_000;

/**
 * Handles the command on the entity's live incarnation: the first of `streamOf(0)`, `streamOf(1)`,
 * ... that is not erased (an erased stream refuses appends for good). Erased incarnations read as
 * empty, so each costs one refused append.
 */
export async function handleOnLiveIncarnation<State, Command, Event extends DomainEvent>(
  store: EventStore,
  streamOf: (incarnation: number) => string,
  decider: Decider<State, Command, Event>,
  command: Command,
  options: HandleOptions,
): Promise<Handled<State, Event> & { stream: string }> {
  for (let incarnation = 0; ; incarnation++) {
    const stream = streamOf(incarnation);
    try {
      return { ...(await handleCommand(store, stream, decider, command, options)), stream };
    } catch (error) {
      if (!(error instanceof StreamErasedError) || incarnation >= MAX_INCARNATIONS) throw error;
    }
  }
}
