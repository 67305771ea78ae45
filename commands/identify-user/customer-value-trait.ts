import { foldStream } from '../../src/eventstore/command-handler.js';
import type { EventStore } from '../../src/eventstore/event-store.js';
import { projectDecider } from '../../src/domain/project/decider.js';
import { projectStream } from '../../src/domain/project/events.js';

/** The project's customer-value trait as its own stream has it now (not a read model that may lag a settings change). */
export async function customerValueTraitOf(store: EventStore, projectId: string): Promise<string | null> {
  const project = foldStream(projectDecider, await store.readStream(projectStream(projectId)));
  return project.settings?.customerValueTrait ?? null;
}
