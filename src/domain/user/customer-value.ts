import { Invalid } from '../errors.js';

export const CUSTOMER_VALUE_MAX = 999_999_999_999;
/**
 * Currencies' minor units have at most three decimals, and every amount up to the maximum with
 * three decimals (15 significant digits) is exactly a JSON number, so it reads back as it was sent.
 */
export const CUSTOMER_VALUE_DECIMALS = 3;

const DECIMAL = /^([0-9]+)(?:\.([0-9]+))?$/;

/** The configured customer-value trait was sent with an amount it cannot hold (spec 4.5 rule 4). */
export class InvalidCustomerValue extends Invalid {
  constructor(readonly key: string) {
    const message =
      `${key} is the customer value: it must be an amount in major units, a JSON number from 0 to 999,999,999,999 ` +
      `with at most ${CUSTOMER_VALUE_DECIMALS} decimals or a string of digits such as "49.90"; send null to remove it`;
    super([{ field: `traits.${key}`, message }], message);
  }
}

/**
 * The amount as an exact decimal string ("049.90" → "49.9"), or undefined when `value` is not
 * one: negative, a boolean, thousands separators, a currency symbol, an exponent, out of range.
 */
export function customerValueAmount(value: string | number | boolean): string | undefined {
  if (typeof value === 'boolean') return undefined;
  const match = DECIMAL.exec(typeof value === 'number' ? String(value) : value);
  if (!match) return undefined;
  const whole = match[1].replace(/^0+(?=[0-9])/, '');
  const fraction = (match[2] ?? '').replace(/0+$/, '');
  if (fraction.length > CUSTOMER_VALUE_DECIMALS || whole.length > String(CUSTOMER_VALUE_MAX).length) return undefined;
  const amount = fraction ? `${whole}.${fraction}` : whole;
  return Number(amount) <= CUSTOMER_VALUE_MAX ? amount : undefined;
}
