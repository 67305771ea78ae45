import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyz';

/** Random base-36 text with `length` characters (uniform: rejection sampling). */
export function randomBase36(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 252 && out.length < length) out += ALPHABET[byte % 36];
    }
  }
  return out;
}

export interface IdSource {
  /** A new unique id such as `fb_3k9x…` (20 random base-36 characters, ~103 bits). */
  next(prefix: string): string;
}

export const randomIds: IdSource = { next: (prefix) => `${prefix}_${randomBase36(20)}` };
