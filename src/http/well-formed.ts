import type { FieldProblem } from '../errors.js';

/**
 * Values that storage cannot hold as sent: strings PostgreSQL refuses (jsonb and text refuse NUL;
 * jsonb refuses unpaired UTF-16 surrogates, which a client produces when it cuts a string in the
 * middle of an emoji), and numbers JSON cannot write back (`1e309` parses as Infinity and would be
 * stored as null). They are refused at the edge, naming the field, so that they never reach a
 * shared append transaction and nothing is changed silently.
 */
const MAX_REPORTED = 20;

export function stringDefect(value: string): string | undefined {
  if (value.includes('\u0000')) return 'must not contain NUL characters (U+0000)';
  if (!value.isWellFormed()) return 'must be well-formed Unicode: it contains an unpaired surrogate (a string cut inside a character, such as an emoji)';
  return undefined;
}

/** A path segment safe to echo back in an error: well-formed, without NUL, not huge. */
export function printableSegment(segment: string): string {
  const clean = segment.replaceAll('\u0000', '\uFFFD').toWellFormed();
  return clean.length > 100 ? `${clean.slice(0, 100)}…` : clean;
}

const join = (path: string, segment: string) => (path ? `${path}.${segment}` : segment);

const NUMBER_DEFECT = 'must be a finite number: it is too large (or too small) for a double, e.g. 1e309';

/**
 * Every string (value or property name) or number inside `value` that storage would refuse or
 * change, at most 20. Iterative, so that a deeply nested value cannot overflow the stack.
 */
export function unstorableValueProblems(value: unknown, prefix = ''): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const pending: { value: unknown; path: string }[] = [{ value, path: prefix }];
  while (pending.length > 0 && problems.length < MAX_REPORTED) {
    const { value: current, path } = pending.pop()!;
    if (typeof current === 'string') {
      const defect = stringDefect(current);
      if (defect) problems.push({ field: path || '(body)', message: defect });
    } else if (typeof current === 'number') {
      if (!Number.isFinite(current)) problems.push({ field: path || '(body)', message: NUMBER_DEFECT });
    } else if (Array.isArray(current)) {
      current.forEach((item, index) => pending.push({ value: item, path: join(path, String(index)) }));
    } else if (current !== null && typeof current === 'object') {
      for (const [key, inner] of Object.entries(current)) {
        const field = join(path, printableSegment(key));
        const keyDefect = stringDefect(key);
        if (keyDefect) problems.push({ field, message: `property name ${keyDefect}` });
        else pending.push({ value: inner, path: field });
      }
    }
  }
  return problems;
}

/** Levels of objects and arrays in `value` (a scalar is 0, `{}` is 1), counting no further than `limit + 1`. */
export function nestingDepth(value: unknown, limit: number): number {
  let deepest = 0;
  const pending: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  while (pending.length > 0) {
    const { value: current, depth } = pending.pop()!;
    if (current === null || typeof current !== 'object') continue;
    const level = depth + 1;
    deepest = Math.max(deepest, level);
    if (deepest > limit) return deepest;
    for (const inner of Object.values(current)) pending.push({ value: inner, depth: level });
  }
  return deepest;
}
