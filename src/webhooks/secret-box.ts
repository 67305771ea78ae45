import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.js';

/** The file in DATA_DIR holding the generated key (embedded mode only). */
export const SECRET_KEY_FILE = 'webhook-secret.key';

export class WebhooksNotConfigured extends Error {
  constructor() {
    super(
      'Webhooks need WEBHOOK_SECRET_KEY (32 bytes, e.g. `openssl rand -hex 32`) when DATABASE_URL is set: ' +
        'every API and worker node must share the key that encrypts the signing secrets.',
    );
  }
}

/** Keys of in-memory data directories (tests): they live as long as the process, like the database. */
const memoryKeys = new Map<string, Buffer>();

/**
 * The key that encrypts signing secrets at rest: WEBHOOK_SECRET_KEY; otherwise, on embedded PGlite,
 * one generated once into DATA_DIR (mode 0600) and reused. With DATABASE_URL and no key, webhooks
 * are refused (`WebhooksNotConfigured`): nodes would otherwise generate different keys.
 */
export function webhookSecretKey(config: Pick<Config, 'webhookSecretKey' | 'databaseUrl' | 'dataDir'>): Buffer {
  if (config.webhookSecretKey) return config.webhookSecretKey;
  if (config.databaseUrl) throw new WebhooksNotConfigured();
  if (config.dataDir.startsWith('memory://')) {
    let key = memoryKeys.get(config.dataDir);
    if (!key) memoryKeys.set(config.dataDir, (key = randomBytes(32)));
    return key;
  }
  const file = path.join(config.dataDir, SECRET_KEY_FILE);
  const known = fileKeys.get(file);
  if (known) return known;
  try {
    return remember(file, readKeyFile(file));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(config.dataDir, { recursive: true });
  try {
    // `wx`: never overwrite a key another process wrote meanwhile.
    writeFileSync(file, randomBytes(32).toString('hex') + '\n', { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return remember(file, readKeyFile(file));
}

/** Keys read from files, so the delivery loop does not read the file at every step. */
const fileKeys = new Map<string, Buffer>();
const remember = (file: string, key: Buffer) => (fileKeys.set(file, key), key);

function readKeyFile(file: string): Buffer {
  const key = Buffer.from(readFileSync(file, 'utf8').trim(), 'hex');
  if (key.length !== 32) throw new Error(`${file} does not hold a 32-byte hex key`);
  if ((statSync(file).mode & 0o077) !== 0) throw new Error(`${file} must be readable by its owner only (chmod 600)`);
  return key;
}

/** `v1.<iv>.<tag>.<ciphertext>` (base64url), AES-256-GCM with a random 96-bit IV. */
export function encryptSecret(key: Buffer, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), body].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.');
}

export function decryptSecret(key: Buffer, sealed: string): string {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || body === undefined) throw new Error('not a sealed webhook secret');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}

/** A new signing secret, `whsec_<base64 of 32 random bytes>` (the Standard Webhooks form). */
export function newSigningSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

/** The HMAC key bytes of a signing secret: the base64 after `whsec_` (Standard Webhooks). */
export function signingKeyBytes(secret: string): Buffer {
  return Buffer.from(secret.slice('whsec_'.length), 'base64');
}
