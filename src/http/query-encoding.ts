import type { FieldProblem } from './app-error.js';
import { printableSegment } from './well-formed.js';

const MESSAGE = 'must be valid percent-encoded UTF-8';
/** As for bodies: a hostile query of thousands of broken parameters is answered with the first few. */
const MAX_REPORTED = 20;

/**
 * Problems with the raw query string's encoding, one per parameter whose name or value is not valid
 * percent-encoded UTF-8 (`%ED%A0%80`, a lone surrogate, or `%E0%A4`, a cut sequence). Koa's parser turns
 * those bytes into U+FFFD, so the value would be answered as if the client had sent another one.
 */
export function queryEncodingProblems(rawQuery: string): FieldProblem[] {
  const problems = new Map<string, FieldProblem>();
  for (const pair of rawQuery.split('&')) {
    if (pair === '' || problems.size >= MAX_REPORTED) continue;
    const equals = pair.indexOf('=');
    const rawName = equals === -1 ? pair : pair.slice(0, equals);
    const name = decoded(rawName);
    const value = equals === -1 ? '' : decoded(pair.slice(equals + 1));
    if (name === undefined) problems.set('query', { field: 'query', message: `has a parameter name that ${MESSAGE.replace('must be', 'is not')}` });
    else if (value === undefined) problems.set(name, { field: printableSegment(name), message: MESSAGE });
  }
  return [...problems.values()];
}

function decoded(text: string): string | undefined {
  try {
    return decodeURIComponent(text.replaceAll('+', ' '));
  } catch {
    return undefined;
  }
}
