import { expect } from 'chai';
import { detectCards } from '../../../../src/analysis/redaction/detectors/card.js';
import { found } from './helpers.js';

describe('detectCards', () => {
  it('given Luhn-valid cards with spaces, dashes or none, when detecting, then finds each card', () => {
    const text = 'Cards 4111 1111 1111 1111, 5555-5555-5555-4444, 378282246310005 and 3056 9309 0259 04.';
    expect(found(text, detectCards(text))).to.deep.equal(['4111 1111 1111 1111', '5555-5555-5555-4444', '378282246310005', '3056 9309 0259 04']);
  });
  it('given a 16-digit number failing Luhn, when detecting, then keeps it', () => {
    expect(detectCards('Order 1234 5678 9012 3456 and 4929 1234 5678 9012')).to.deep.equal([]);
  });
  it('given cards grouped with dots, when detecting, then finds each card', () => {
    const text = 'My card 4111.1111.1111.1111 was charged twice; the Amex 3782.822463.10005 too.';
    expect(found(text, detectCards(text))).to.deep.equal(['4111.1111.1111.1111', '3782.822463.10005']);
  });
  it('given dotted numbers that are no card (a decimal, a version, a failing Luhn), when detecting, then keeps them', () => {
    expect(detectCards('pi 3.14159265358979, app 4.1.1.1, order 4111.1111.1111.1112, 4111.1111.11111111')).to.deep.equal([]);
  });
  it('given a card followed by more digits in the same run, when detecting, then takes only the card', () => {
    const text = 'paid 4242 4242 4242 4242 2024';
    expect(found(text, detectCards(text))).to.deep.equal(['4242 4242 4242 4242']);
  });
});
