import type { FieldProblem } from '../../src/domain/errors.js';
import { countChars } from '../../src/http/chars.js';
import { printableSegment } from '../../src/http/well-formed.js';
import { TRAITS_MAX_BYTES } from '../../src/domain/user/trait-limits.js';
import { VISIBLE } from '../submit-feedback/rules.js';
import { TRAIT_KEY_LIMIT_CHARS, type IdentifyUserBody } from './schema.js';

/** The rules of an identify call that its schema cannot express; run once the schema holds. */
export function identifyProblems(body: IdentifyUserBody): FieldProblem[] {
  const problems: FieldProblem[] = [];
  if (!VISIBLE.test(body.userId)) problems.push({ field: 'userId', message: 'must contain a visible character' });
  for (const key of Object.keys(body.traits)) {
    const field = key === '' ? 'traits.(empty key)' : `traits.${printableSegment(key)}`;
    if (countChars(key) > TRAIT_KEY_LIMIT_CHARS) problems.push({ field, message: `a trait key must be at most ${TRAIT_KEY_LIMIT_CHARS} characters` });
    else if (!VISIBLE.test(key)) problems.push({ field, message: 'a trait key must contain a visible character' });
    else if (key.includes(':')) problems.push({ field, message: 'a trait key must not contain ":" (traits are filtered as trait=key:value)' });
  }
  const bytes = Buffer.byteLength(JSON.stringify(body.traits));
  if (bytes > TRAITS_MAX_BYTES) problems.push({ field: 'traits', message: `must be at most ${TRAITS_MAX_BYTES} bytes as JSON (it is ${bytes})` });
  return problems;
}
