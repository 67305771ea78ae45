import { expect } from 'chai';
import { Conflict, Invalid } from '../../../src/domain/errors.js';
import { InvalidCustomerValue } from '../../../src/domain/user/customer-value.js';
import { userDecider } from '../../../src/domain/user/decider.js';
import { userStream } from '../../../src/domain/user/events.js';
import { traitsObject } from '../../../src/domain/user/state.js';
import { DeciderSpecification } from '../../support/decider-spec.js';
import { T2, identified, identify } from './user-fixtures.js';

const spec = DeciderSpecification.for(userDecider);
const widget = { keyType: 'widget' as const };

describe('user decider: identify (spec 4.5, 5.7)', () => {
  describe('with a secret key', () => {
    it('rule 1, 3: strings and booleans are set as sent, numbers as exact decimals, null removes', () => {
      spec
        .given([identified({ traitsSet: { plan: 'free', beta: true } })])
        .when(identify({ plan: 'pro', seats: 5, ratio: 0.1, beta: null }, { at: T2 }))
        .then([identified({ traitsSet: { plan: 'pro' }, numbersSet: { seats: '5', ratio: '0.1' }, traitsRemoved: ['beta'], at: T2 })]);
    });

    it('rule 1: traits merge shallowly; a number reads back as the number sent', () => {
      spec
        .given([identified({ traitsSet: { plan: 'free', locale: 'de' } })])
        .when(identify({ plan: 'pro', mrr: 49.99 }, { at: T2 }))
        .thenState((state) => expect(traitsObject(state.traits)).to.deep.equal({ plan: 'pro', locale: 'de', mrr: 49.99 }));
    });

    it('an empty call is still recorded: it is a sighting of the user', () => {
      spec
        .given([])
        .when(identify({}))
        .then([identified({})]);
    });

    it('a trait may be called __proto__ or constructor', () => {
      const traits = JSON.parse('{"__proto__": "a", "constructor": "b"}');
      spec
        .given([])
        .when(identify(traits))
        .thenState((state) =>
          expect(Object.entries(traitsObject(state.traits))).to.deep.equal([
            ['__proto__', 'a'],
            ['constructor', 'b'],
          ]),
        );
    });
  });

  describe('the customer-value trait (rule 4, spec 2.4)', () => {
    const withMrr = (value: string | number | boolean | null, keyType: 'secret' | 'widget' = 'secret') =>
      identify({ mrr: value, plan: 'pro' }, { customerValueTrait: 'mrr', keyType });

    const valid: [string | number, string][] = [
      [0, '0'],
      [49.99, '49.99'],
      ['49.99', '49.99'],
      ['0049.90', '49.9'],
      ['12.000', '12'],
      [0.001, '0.001'],
      [999_999_999_999, '999999999999'],
      ['999999999999.000', '999999999999'],
    ];
    for (const [value, amount] of valid) {
      it(`accepts ${JSON.stringify(value)} as the amount ${amount}`, () => {
        spec
          .given([])
          .when(withMrr(value))
          .then([identified({ traitsSet: { plan: 'pro' }, numbersSet: { mrr: amount } })]);
      });
    }

    const invalid: (string | number | boolean)[] = [
      -1,
      '-1',
      -0.01,
      true,
      false,
      '1,000',
      '1 000',
      '$49',
      '49.99 USD',
      '€49',
      'abc',
      '',
      ' 49',
      '49.',
      '.5',
      '+5',
      '1e3',
      1e12,
      1_000_000_000_000,
      '1000000000000',
      '999999999999.5',
      999_999_999_999.5,
      49.9999,
      '49.9999',
      0.1 + 0.2,
      1e-7,
      '٤٩',
    ];
    for (const value of invalid) {
      it(`refuses ${JSON.stringify(value)} with InvalidCustomerValue naming the key; nothing is decided`, () => {
        spec
          .given([])
          .when(withMrr(value))
          .thenThrows(InvalidCustomerValue, (error) => error.key === 'mrr' && error.problems[0].field === 'traits.mrr');
      });
    }

    it('null removes it with a secret key', () => {
      spec
        .given([identified({ numbersSet: { mrr: '10' } })])
        .when(withMrr(null))
        .then([identified({ traitsSet: { plan: 'pro' }, traitsRemoved: ['mrr'] })]);
    });

    it('a widget key may neither set, change nor remove it, valid or not (spec 5.7): dropped, the rest saved', () => {
      for (const value of [49, '49.99', -5, true, null]) {
        spec
          .given([])
          .when(withMrr(value, 'widget'))
          .then([identified({ traitsSet: { plan: 'pro' }, traitsIgnored: [{ key: 'mrr', reason: 'value_requires_secret_key' }], byKeyType: 'widget' })]);
      }
    });
  });

  describe('with a widget key (rules 5, 6)', () => {
    it('nulls are dropped (unset_requires_secret_key); numbers no server set, strings and booleans are saved', () => {
      spec
        .given([])
        .when(identify({ seats: 3, plan: 'pro', beta: true, locale: null }, widget))
        .then([
          identified({
            traitsSet: { plan: 'pro', beta: true },
            numbersSet: { seats: '3' },
            traitsIgnored: [{ key: 'locale', reason: 'unset_requires_secret_key' }],
            byKeyType: 'widget',
          }),
        ]);
    });

    it('a trait holding a number a server set keeps it, whatever the widget sends, silently (server_value_kept)', () => {
      spec
        .given([identified({ numbersSet: { seats: '5' } })])
        .when(identify({ seats: 'many' }, { ...widget, at: T2 }))
        .then([identified({ traitsIgnored: [{ key: 'seats', reason: 'server_value_kept' }], byKeyType: 'widget', at: T2 })]);
    });

    it('a string a server set, or one a widget set, may be overwritten by a widget', () => {
      spec
        .given([identified({ traitsSet: { plan: 'free' } }), identified({ traitsSet: { locale: 'de' }, byKeyType: 'widget' })])
        .when(identify({ plan: 'pro', locale: 'fr' }, widget))
        .then([identified({ traitsSet: { plan: 'pro', locale: 'fr' }, byKeyType: 'widget' })]);
    });
  });

  describe('limits (rule 1: 32 keys and 8 KB after the merge)', () => {
    const keys = (n: number, prefix = 'k') => Object.fromEntries(Array.from({ length: n }, (_, i) => [`${prefix}${i}`, 'v']));

    it('32 traits are accepted; a 33rd is refused naming traits', () => {
      spec
        .given([identified({ traitsSet: keys(31) })])
        .when(identify({ last: 'v' }))
        .thenState((state) => expect(state.traits.size).to.equal(32));
      spec
        .given([identified({ traitsSet: keys(32) })])
        .when(identify({ more: 'v' }))
        .thenThrows(Invalid, (error) => error.problems[0].field === 'traits' && /33 traits; at most 32/.test(error.message));
    });

    it('removing with null makes room in the same call', () => {
      spec
        .given([identified({ traitsSet: keys(32) })])
        .when(identify({ k0: null, more: 'v' }))
        .thenState((state) => expect(state.traits.size).to.equal(32));
    });

    it('dropped widget traits do not count against the limit', () => {
      spec
        .given([identified({ traitsSet: keys(32) })])
        .when(identify({ locale: null }, widget))
        .thenState((state) => expect(state.traits.size).to.equal(32));
    });

    it('more than 8 KB of merged traits is refused naming traits', () => {
      const big = 'x'.repeat(3000);
      spec
        .given([identified({ traitsSet: { a: big, b: big } })])
        .when(identify({ c: 'x'.repeat(2000) }))
        .thenState(() => {});
      spec
        .given([identified({ traitsSet: { a: big, b: big } })])
        .when(identify({ c: big }))
        .thenThrows(Invalid, (error) => error.problems[0].field === 'traits' && /bytes as JSON; at most 8192/.test(error.message));
    });
  });

  it('a stream holding another userId (a hash collision) refuses the call', () => {
    spec
      .given([identified({ userId: 'someone-else' })])
      .when(identify({ plan: 'pro' }))
      .thenThrows(Conflict);
  });

  it('names one stream per project and user, whatever characters the userId holds', () => {
    expect(userStream('p1', 'a/b c?é')).to.match(/^user-p1-[A-Za-z0-9_-]{43}$/);
    expect(userStream('p1', 'u1')).to.not.equal(userStream('p2', 'u1'));
    expect(userStream('p1', 'u1')).to.equal(userStream('p1', 'u1'));
    expect(userStream('p1', 'u1')).to.not.equal(userStream('p1', 'u2'));
  });
});
