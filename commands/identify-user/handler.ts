import { userDecider } from '../../src/domain/user/decider.js';
import { userStreamIncarnation, type IgnoredReason, type TraitValue } from '../../src/domain/user/events.js';
import type { TraitInput } from '../../src/domain/user/sort-traits.js';
import { traitsObject } from '../../src/domain/user/state.js';
import type { KeyType } from '../../src/domain/project/events.js';
import type { CommandContext } from '../../src/eventstore/command-context.js';
import { handleOnLiveIncarnation } from '../../src/eventstore/incarnations.js';
import type { CoreServices } from '../../src/services.js';
import { customerValueTraitOf } from './customer-value-trait.js';

export interface IdentifyUserInput {
  projectId: string;
  userId: string;
  traits: Record<string, TraitInput>;
  keyType: KeyType;
}

export type IdentifyWarningCode = Exclude<IgnoredReason, 'server_value_kept'>;

export interface IdentifyOutcome {
  /** The user's traits after the call. */
  traits: Record<string, TraitValue>;
  /** The traits a widget key sent but may not write; a server's number kept is not among them (spec 4.5 rule 5). */
  warnings: { code: IdentifyWarningCode; key: string }[];
}

/**
 * Appends `UserIdentified` to the user's stream, or refuses the call whole (422 customer value,
 * 400 limits) with nothing written. Waits until the read models show it, so a GET right after finds it.
 */
export async function identifyUser(
  services: Pick<CoreServices, 'store' | 'clock' | 'engine'>,
  input: IdentifyUserInput,
  context: CommandContext,
): Promise<IdentifyOutcome> {
  const customerValueTrait = await customerValueTraitOf(services.store, input.projectId);
  const handled = await handleOnLiveIncarnation(
    services.store,
    (incarnation) => userStreamIncarnation(input.projectId, input.userId, incarnation),
    userDecider,
    { type: 'IdentifyUser', ...input, customerValueTrait, at: services.clock.now().toISOString() },
    { context },
  );
  await services.engine.waitFor(handled.appended!.position);
  const warnings = handled.events
    .flatMap((event) => (event.type === 'UserIdentified' ? event.data.traitsIgnored : []))
    .flatMap(({ key, reason }) => (reason === 'server_value_kept' ? [] : [{ code: reason, key }]));
  return { traits: traitsObject(handled.state.traits), warnings };
}
