import type { Decider, DomainEvent } from '../../src/eventstore/command-handler.js';

/** given(events) → when(command) → the events decided (or the error thrown). */
export function givenWhenThen<State, Command, Event extends DomainEvent>(decider: Decider<State, Command, Event>) {
  return (given: Event[], when: Command): Event[] => {
    const state = given.reduce(decider.evolve, decider.initialState());
    return decider.decide(when, state);
  };
}
