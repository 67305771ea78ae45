import { generateApiKey } from '../../src/auth/api-keys.js';
import type { CommandContext } from '../../src/eventstore/command-context.js';
import { handleCommand } from '../../src/eventstore/command-handler.js';
import { projectDecider } from '../../src/domain/project/decider.js';
import { projectStream, type KeyMode, type KeyType } from '../../src/domain/project/events.js';
import type { CoreServices } from '../../src/services.js';

export interface IssueApiKeyInput {
  projectId: string;
  keyType: KeyType;
  mode: KeyMode;
}

/** Issues a key; the key is returned once and only its hash is kept. */
export async function issueApiKey(
  services: Pick<CoreServices, 'store' | 'clock' | 'ids' | 'engine'>,
  input: IssueApiKeyInput,
  context: CommandContext,
): Promise<{ keyId: string; key: string }> {
  const generated = generateApiKey(input.keyType, input.mode);
  const keyId = services.ids.next('key');
  const result = await handleCommand(
    services.store,
    projectStream(input.projectId),
    projectDecider,
    {
      type: 'IssueApiKey',
      now: services.clock.now().toISOString(),
      key: { keyId, keyType: input.keyType, mode: input.mode, prefix: generated.prefix, keyHash: generated.keyHash },
    },
    { context },
  );
  if (result.appended) await services.engine.waitFor(result.appended.position);
  return { keyId, key: generated.key };
}
