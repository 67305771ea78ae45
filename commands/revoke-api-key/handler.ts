import { API_KEY_PATTERN, hashApiKey } from '../../src/auth/api-keys.js';
import { Conflict, NotFound } from '../../src/domain/errors.js';
import type { CommandContext } from '../../src/eventstore/command-context.js';
import { handleCommand } from '../../src/eventstore/command-handler.js';
import { projectDecider } from '../../src/domain/project/decider.js';
import { projectStream } from '../../src/domain/project/events.js';
import type { CoreServices } from '../../src/services.js';

/** Revokes a key given in full or by its displayed prefix (which must name exactly one key). */
export async function revokeApiKey(
  services: Pick<CoreServices, 'db' | 'store' | 'clock' | 'engine'>,
  keyOrPrefix: string,
  context: CommandContext,
): Promise<{ keyId: string; projectId: string; prefix: string }> {
  const byHash = API_KEY_PATTERN.test(keyOrPrefix);
  const matches = await services.db.query<{ key_id: string; project_id: string; prefix: string }>(
    byHash
      ? `SELECT key_id, project_id, prefix FROM api_keys WHERE key_hash = $1`
      : `SELECT key_id, project_id, prefix FROM api_keys WHERE prefix = $1 OR key_id = $1`,
    [byHash ? hashApiKey(keyOrPrefix) : keyOrPrefix],
  );
  if (matches.rows.length === 0) throw new NotFound(`The key ${byHash ? '' : keyOrPrefix}`.trim());
  if (matches.rows.length > 1) {
    throw new Conflict(`The prefix ${keyOrPrefix} matches ${matches.rows.length} keys; give the whole key or its key id.`);
  }
  const { key_id: keyId, project_id: projectId, prefix } = matches.rows[0];
  const result = await handleCommand(
    services.store,
    projectStream(projectId),
    projectDecider,
    {
      type: 'RevokeApiKey',
      keyId,
      now: services.clock.now().toISOString(),
    },
    { context },
  );
  if (result.appended) await services.engine.waitFor(result.appended.position);
  return { keyId, projectId, prefix };
}
