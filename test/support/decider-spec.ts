/**
 * Given/when/then for pure deciders: given the events a stream already holds, when a command is
 * decided, then these events (or this error, or nothing). Modelled on Emmett's DeciderSpecification.
 */
import { inspect } from 'node:util';
import { expect } from 'chai';
import type { Decider, DomainEvent } from '../../src/eventstore/command-handler.js';

type ErrorClass<E extends Error> = abstract new (...args: any[]) => E;

function isErrorClass(value: unknown): value is ErrorClass<Error> {
  return value === Error || (typeof value === 'function' && value.prototype instanceof Error);
}

/** The error's class, message and own fields (such as an AppError's status), for a failure message. */
function errorSummary(error: unknown): string {
  if (!(error instanceof Error)) return inspect(error);
  const fields = Object.keys(error).length > 0 ? ` ${inspect({ ...error }, { breakLength: Infinity })}` : '';
  return `${error.constructor.name}: ${error.message}${fields}`;
}

export interface DecisionSpecification<Event, State = unknown> {
  /** The decided events deep-equal `expected`. */
  then(expected: Event[]): void;
  /** Folding the decided events onto the given ones gives a state for which `check` holds (it asserts). */
  thenState(check: (state: State) => void): void;
  /** Nothing was decided (an idempotent repeat, a command without effect). */
  thenNothing(): void;
  /** `decide` threw something for which `predicate` holds; returns it. */
  thenThrows(predicate: (error: unknown) => boolean): unknown;
  /** `decide` threw an instance of `errorClass` (optionally also matching `check`); returns the error for further assertions. */
  thenThrows<E extends Error>(errorClass: ErrorClass<E>, check?: (error: E) => boolean): E;
}

export interface DeciderSpecification<Command, Event, State = unknown> {
  given(events: Event[]): { when(command: Command): DecisionSpecification<Event, State> };
}

export const DeciderSpecification = {
  for<State, Command, Event extends DomainEvent>(decider: Decider<State, Command, Event>): DeciderSpecification<Command, Event, State> {
    return {
      given: (events) => {
        const given = () => events.reduce(decider.evolve, decider.initialState());
        return {
          when: (command) =>
            decision(
              () => decider.decide(command, given()),
              (decided) => decided.reduce(decider.evolve, given()),
            ),
        };
      },
    };
  },
};

function decision<Event, State>(decide: () => Event[], fold: (decided: Event[]) => State): DecisionSpecification<Event, State> {
  return {
    then(expected) {
      expect(decide()).to.deep.equal(expected);
    },
    thenState(check) {
      check(fold(decide()));
    },
    thenNothing() {
      expect(decide()).to.deep.equal([]);
    },
    thenThrows(expected: ErrorClass<Error> | ((error: unknown) => boolean), check?: (error: any) => boolean): any {
      const thrown = thrownBy(decide);
      if (isErrorClass(expected)) {
        if (!(thrown instanceof expected)) expect.fail(`expected a ${expected.name}, got ${errorSummary(thrown)}`);
        if (check && !check(thrown)) expect.fail(`the ${expected.name} did not pass the check: ${errorSummary(thrown)}`);
      } else if (!expected(thrown)) {
        expect.fail(`the error did not pass the predicate: ${errorSummary(thrown)}`);
      }
      return thrown;
    },
  };
}

function thrownBy<Event>(decide: () => Event[]): unknown {
  let events: Event[];
  try {
    events = decide();
  } catch (error) {
    return error;
  }
  expect.fail(`expected the command to be refused, but it decided ${inspect(events, { depth: 8, breakLength: Infinity })}`);
}
