/** The specification helper itself: a helper that passed whatever happened would hide every decider bug. */
import { AssertionError, expect } from 'chai';
import type { Decider } from '../../../src/eventstore/command-handler.js';
import { DeciderSpecification } from '../../support/decider-spec.js';

type CounterEvent = { type: 'Incremented'; data: { by: number } };
type CounterCommand = { type: 'Increment'; by: number } | { type: 'Fail' };
class CounterRefused extends Error {}

const counter: Decider<number, CounterCommand, CounterEvent> = {
  initialState: () => 0,
  evolve: (total, event) => total + event.data.by,
  decide(command, total) {
    if (command.type === 'Fail') throw new CounterRefused(`refused at ${total}`);
    return command.by === 0 ? [] : [{ type: 'Incremented', data: { by: command.by } }];
  },
};
const spec = DeciderSpecification.for(counter);
const incremented = (by: number): CounterEvent => ({ type: 'Incremented', data: { by } });

describe('DeciderSpecification', () => {
  it('folds the given events before deciding', () => {
    const error = spec
      .given([incremented(2), incremented(3)])
      .when({ type: 'Fail' })
      .thenThrows(CounterRefused);
    expect(error.message).to.equal('refused at 5');
  });

  it('then: passes on equal events, fails on different ones, and lets a thrown error through', () => {
    spec
      .given([])
      .when({ type: 'Increment', by: 1 })
      .then([incremented(1)]);
    expect(() =>
      spec
        .given([])
        .when({ type: 'Increment', by: 1 })
        .then([incremented(2)]),
    ).to.throw(AssertionError);
    expect(() => spec.given([]).when({ type: 'Increment', by: 1 }).then([])).to.throw(AssertionError);
    expect(() => spec.given([]).when({ type: 'Fail' }).then([])).to.throw(CounterRefused);
  });

  it('thenNothing: fails when events were decided', () => {
    spec.given([]).when({ type: 'Increment', by: 0 }).thenNothing();
    expect(() => spec.given([]).when({ type: 'Increment', by: 1 }).thenNothing()).to.throw(AssertionError);
  });

  it('thenThrows: fails when nothing is thrown, on another class, or when the check or predicate does not hold', () => {
    spec
      .given([])
      .when({ type: 'Fail' })
      .thenThrows((error) => error instanceof CounterRefused);
    spec
      .given([])
      .when({ type: 'Fail' })
      .thenThrows(Error, (error) => error.message === 'refused at 0');
    const refuses = (run: () => unknown) => expect(run).to.throw(AssertionError);
    refuses(() => spec.given([]).when({ type: 'Increment', by: 1 }).thenThrows(CounterRefused));
    refuses(() => spec.given([]).when({ type: 'Fail' }).thenThrows(RangeError));
    refuses(() =>
      spec
        .given([])
        .when({ type: 'Fail' })
        .thenThrows(CounterRefused, () => false),
    );
    refuses(() =>
      spec
        .given([])
        .when({ type: 'Fail' })
        .thenThrows(() => false),
    );
  });

  it('thenState: folds the decided events onto the given ones, and fails when the check does', () => {
    spec
      .given([incremented(2)])
      .when({ type: 'Increment', by: 3 })
      .thenState((total) => expect(total).to.equal(5));
    expect(() =>
      spec
        .given([incremented(2)])
        .when({ type: 'Increment', by: 3 })
        .thenState((total) => expect(total).to.equal(2)),
    ).to.throw(AssertionError);
    expect(() =>
      spec
        .given([])
        .when({ type: 'Fail' })
        .thenState(() => {}),
    ).to.throw(CounterRefused);
  });
});
