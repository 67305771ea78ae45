import { systemContext, type CommandContext } from '../../src/eventstore/command-context.js';

/** What events a test writes directly (not through HTTP) record as their cause. */
export const testContext = (): CommandContext => systemContext('test', 'test-run');
