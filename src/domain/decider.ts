export interface DomainEvent {
  type: string;
  data: Record<string, any>;
}

/** One aggregate's pure logic: fold its events into state, and decide what a command adds. */
export interface Decider<State, Command, Event extends DomainEvent> {
  initialState: () => State;
  evolve: (state: State, event: Event) => State;
  decide: (command: Command, state: State) => Event[];
}
