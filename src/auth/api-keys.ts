import { createHash, randomBytes } from 'node:crypto';
import type { KeyMode, KeyType } from '../domain/project/events.js';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const SECRET_LENGTH = 32; // 32 base-62 characters: about 190 bits of randomness
export const API_KEY_PATTERN = /^(sk|pk)_(test|live)_[0-9A-Za-z]{32}$/;

export interface GeneratedKey {
  /** The full key: shown once, never stored. */
  key: string;
  prefix: string;
  keyHash: string;
}

function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248 && out.length < length) out += BASE62[byte % 62];
    }
  }
  return out;
}

/**
 * Keys carry ~190 random bits, so a fast unsalted hash is enough: nobody can enumerate the
 * key space, and lookups by hash stay a single indexed read.
 */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

export function generateApiKey(keyType: KeyType, mode: KeyMode): GeneratedKey {
  const key = `${keyType === 'secret' ? 'sk' : 'pk'}_${mode}_${randomBase62(SECRET_LENGTH)}`;
  return { key, prefix: keyPrefix(key), keyHash: hashApiKey(key) };
}

/** The part of a key that is safe to display and identifies it to an operator, e.g. `sk_live_Ab3x`. */
export function keyPrefix(key: string): string {
  return key.slice(0, key.indexOf('_', 3) + 5);
}
