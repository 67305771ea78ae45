import { systemContext, type CommandContext } from '../eventstore/command-context.js';
import type { CoreServices } from '../services.js';

/** What the events of one feedbackctl call record as their cause: the CLI, under a run id of its own. */
export const cliContext = (services: Pick<CoreServices, 'ids'>): CommandContext => systemContext('feedbackctl', services.ids.next('run'));
