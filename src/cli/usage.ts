import { CLI_COMMANDS, SERVE_USAGE } from './command-table.js';

const ALL_ENTRIES = `${Object.values(CLI_COMMANDS)
  .map((command) => command.usage)
  .join('')}${SERVE_USAGE}`;

export const FULL_USAGE = `Usage:${ALL_ENTRIES}

Configuration comes from the environment (DATA_DIR, DATABASE_URL, EVENTSTORE_URL, …; see README).`;

/** One entry per `feedbackctl …` line, with its indented continuation lines. */
function usageEntries(): string[] {
  return ALL_ENTRIES.split(/\n(?=  feedbackctl )/)
    .map((entry) => entry.replace(/^\n/, ''))
    .filter((entry) => entry.trim() !== '');
}

function leadingWords(entry: string): string[] {
  return entry.trim().split(/\s+/).slice(1); // without "feedbackctl"
}

/**
 * The usage entries that match the most leading words of `argv`: `key create …` gives the `key
 * create` line, `key destroy` both `key` lines, an unknown command none.
 */
export function relevantUsage(argv: string[]): string[] {
  let best: string[] = [];
  let bestLength = 0;
  for (const entry of usageEntries()) {
    const words = leadingWords(entry);
    let matched = 0;
    while (matched < argv.length && matched < words.length && words[matched] === argv[matched]) matched++;
    if (matched === 0 || matched < bestLength) continue;
    if (matched > bestLength) best = [];
    bestLength = matched;
    best.push(entry);
  }
  return best;
}

/** The error, then the usage lines that concern it, or a pointer to `help` when none does. */
export function usageMessage(message: string, argv: string[]): string {
  const entries = relevantUsage(argv);
  if (entries.length === 0) return `${message}\nCommands: ${[...Object.keys(CLI_COMMANDS), 'serve', 'help'].join(', ')} (feedbackctl help shows the usage)`;
  return `${message}\nUsage:\n${entries.join('\n')}`;
}
