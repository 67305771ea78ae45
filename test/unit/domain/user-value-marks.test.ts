import { expect } from 'chai';
import { userDecider } from '../../../src/domain/user/decider.js';
import type { UserIdentified } from '../../../src/domain/user/events.js';
import type { UserState } from '../../../src/domain/user/state.js';
import type { ValueMark } from '../../../src/domain/user/value-marks.js';
import { DeciderSpecification } from '../../support/decider-spec.js';
import { T1, T2, T3, T4, identified, identify } from './user-fixtures.js';

const spec = DeciderSpecification.for(userDecider);

/** A secret key sent `mrr` as this amount at this time. */
const sent = (amount: string, at: string): UserIdentified => identified({ numbersSet: { mrr: amount }, at });
const mark = (state: UserState) => state.valueMarks.get('mrr');
const expectMark = (expected: ValueMark | undefined) => (state: UserState) => expect(mark(state)).to.deep.equal(expected);

describe('value marks (spec 2.3 valueMarks, 2.4)', () => {
  it('first seen paying: lastPositive is that amount, recorded now; payingSince null (already paying when first seen)', () => {
    spec
      .given([])
      .when(identify({ mrr: 49.99 }, { at: T1 }))
      .thenState(expectMark({ current: '49.99', lastPositive: '49.99', lastPositiveAt: T1, payingSince: null, lostAt: null }));
  });

  it('first seen at 0: nothing positive yet, so lastPositive, lastPositiveAt and lostAt are null', () => {
    spec
      .given([])
      .when(identify({ mrr: 0 }, { at: T1 }))
      .thenState(expectMark({ current: '0', lastPositive: null, lastPositiveAt: null, payingSince: null, lostAt: null }));
  });

  it('seen at 0, then paying: payingSince is when the amount came', () => {
    spec
      .given([sent('0', T1)])
      .when(identify({ mrr: 20 }, { at: T2 }))
      .thenState(expectMark({ current: '20', lastPositive: '20', lastPositiveAt: T2, payingSince: T2, lostAt: null }));
  });

  it('paying, then 0: lostAt is when it dropped; the last positive amount and its time stay', () => {
    spec
      .given([sent('49.99', T1)])
      .when(identify({ mrr: 0 }, { at: T2 }))
      .thenState(expectMark({ current: '0', lastPositive: '49.99', lastPositiveAt: T1, payingSince: null, lostAt: T2 }));
  });

  it('lost, then paying again: payingSince moves to the return, lostAt is cleared', () => {
    spec
      .given([sent('49.99', T1), sent('0', T2)])
      .when(identify({ mrr: 49.99 }, { at: T3 }))
      .thenState(expectMark({ current: '49.99', lastPositive: '49.99', lastPositiveAt: T3, payingSince: T3, lostAt: null }));
  });

  it('0 sent again while lost keeps the time of the loss', () => {
    spec
      .given([sent('10', T1), sent('0', T2)])
      .when(identify({ mrr: 0 }, { at: T3 }))
      .thenState(expectMark({ current: '0', lastPositive: '10', lastPositiveAt: T1, payingSince: null, lostAt: T2 }));
  });

  it('the same amount sent again keeps when it was recorded; a new amount is recorded with its time', () => {
    spec
      .given([sent('0', T1), sent('20', T2)])
      .when(identify({ mrr: 20 }, { at: T3 }))
      .thenState(expectMark({ current: '20', lastPositive: '20', lastPositiveAt: T2, payingSince: T2, lostAt: null }));
    spec
      .given([sent('0', T1), sent('20', T2)])
      .when(identify({ mrr: 35.5 }, { at: T3 }))
      .thenState(expectMark({ current: '35.5', lastPositive: '35.5', lastPositiveAt: T3, payingSince: T2, lostAt: null }));
  });

  it('a negative amount of an ordinary numeric trait counts as not paying', () => {
    spec
      .given([sent('5', T1)])
      .when(identify({ mrr: -3 }, { at: T2 }))
      .thenState(expectMark({ current: '-3', lastPositive: '5', lastPositiveAt: T1, payingSince: null, lostAt: T2 }));
  });

  it('every numeric trait sent by a secret key is marked, before any customer value is configured', () => {
    spec
      .given([])
      .when(identify({ seats: 3, nps: 9, plan: 'pro' }, { customerValueTrait: null }))
      .thenState((state) => expect([...state.valueMarks.keys()]).to.deep.equal(['seats', 'nps']));
  });

  it('the customer value sent as a decimal string is marked exactly ("49.99" stays 49.99)', () => {
    spec
      .given([])
      .when(identify({ mrr: '49.99' }, { customerValueTrait: 'mrr', at: T1 }))
      .thenState((state) => {
        expect(mark(state)?.current).to.equal('49.99');
        expect(state.traits.get('mrr')?.value).to.equal(49.99);
      });
  });

  it('a widget key marks nothing (its numbers are dropped)', () => {
    spec
      .given([])
      .when(identify({ seats: 3 }, { keyType: 'widget' }))
      .thenState((state) => expect(state.valueMarks.size).to.equal(0));
  });

  it('null from a secret key removes the trait with its mark; sent again, tracking starts afresh', () => {
    spec
      .given([sent('0', T1), sent('20', T2)])
      .when(identify({ mrr: null }, { at: T3 }))
      .thenState((state) => {
        expect(state.traits.has('mrr')).to.equal(false);
        expect(mark(state)).to.equal(undefined);
      });
    spec
      .given([sent('0', T1), sent('20', T2), identified({ traitsRemoved: ['mrr'], at: T3 })])
      .when(identify({ mrr: 20 }, { at: T4 }))
      .thenState(expectMark({ current: '20', lastPositive: '20', lastPositiveAt: T4, payingSince: null, lostAt: null }));
  });

  it('a string written over a numeric trait leaves its mark as it was ("ever sent")', () => {
    spec
      .given([sent('20', T1)])
      .when(identify({ mrr: 'n/a' }, { at: T2 }))
      .thenState(expectMark({ current: '20', lastPositive: '20', lastPositiveAt: T1, payingSince: null, lostAt: null }));
  });
});
