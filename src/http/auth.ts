import type { Queryable } from '../db/database.js';
import { API_KEY_PATTERN, hashApiKey } from '../auth/api-keys.js';
import { originNotAllowed, unauthorized } from './app-error.js';
import type { KeyMode, KeyType } from '../domain/project/events.js';
import { requestOrigin } from './request-origin.js';

export interface AuthContext {
  projectId: string;
  projectName: string;
  keyId: string;
  keyType: KeyType;
  mode: KeyMode;
  /** The browser origin of a widget-key request (checked against the allowlist). */
  origin?: string;
}

export interface KeyRow {
  key_id: string;
  project_id: string;
  key_type: KeyType;
  mode: KeyMode;
  revoked_at: Date | null;
  name: string;
  allowed_origins: string[];
}

export type KeyLookup = (keyHash: string) => Promise<KeyRow | undefined>;

export function keyLookupFrom(db: Queryable): KeyLookup {
  return async (keyHash) => {
    const result = await db.query<KeyRow>(
      `SELECT k.key_id, k.project_id, k.key_type, k.mode, k.revoked_at, p.name, p.settings->'allowedOrigins' AS allowed_origins
         FROM api_keys k JOIN projects p ON p.project_id = k.project_id
        WHERE k.key_hash = $1`,
      [keyHash],
    );
    return result.rows[0];
  };
}

/** Parses `Authorization: Bearer <key>` and resolves it to its project. */
export async function authenticate(lookup: KeyLookup, authorization: string | undefined, origin: string | undefined, allowed: KeyType[]): Promise<AuthContext> {
  if (!authorization) throw unauthorized('Send the API key as "Authorization: Bearer <key>".');
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
  if (!match || !API_KEY_PATTERN.test(match[1])) {
    throw unauthorized('The Authorization header is not "Bearer" followed by a key of the form sk_… or pk_….');
  }
  const key = await lookup(hashApiKey(match[1]));
  if (!key || key.revoked_at) throw unauthorized('The API key is unknown or has been revoked.');
  if (!allowed.includes(key.key_type)) {
    throw unauthorized(
      key.key_type === 'widget'
        ? 'Widget keys (pk_) may only submit feedback, identify users and ping; use a secret key (sk_) from your server.'
        : 'This endpoint does not accept this key type.',
    );
  }
  const context: AuthContext = {
    projectId: key.project_id,
    projectName: key.name,
    keyId: key.key_id,
    keyType: key.key_type,
    mode: key.mode,
  };
  if (key.key_type === 'widget') {
    const normalised = requestOrigin(origin);
    if (!normalised || !(key.allowed_origins ?? []).includes(normalised)) throw originNotAllowed(origin);
    context.origin = normalised;
  }
  return context;
}
