import type { FieldProblem } from '../../src/http/app-error.js';
import { countChars } from '../../src/http/chars.js';
import { TRAIT_KEY_MAX_CHARS, TRAITS_MAX_BYTES } from '../../src/domain/user/trait-limits.js';
import { metadataFilterGroups } from '../shared/feedback-filters.js';

/**
 * What is wrong with a segment `name:value` (a user trait), or undefined when it is well formed: the
 * name as identify accepts trait keys, the value no longer than a user's traits may be in all.
 */
export function segmentProblem(segment: string): string | undefined {
  const colon = segment.indexOf(':');
  if (colon < 1) return 'must be name:value, e.g. plan:enterprise';
  const name = segment.slice(0, colon);
  if (countChars(name) > TRAIT_KEY_MAX_CHARS) return `the trait name must be at most ${TRAIT_KEY_MAX_CHARS} characters`;
  if (!/\S/.test(name)) return 'the trait name must contain a visible character';
  if (Buffer.byteLength(segment.slice(colon + 1)) > TRAITS_MAX_BYTES) return `the trait value must be at most ${TRAITS_MAX_BYTES} bytes`;
  return undefined;
}

export const segmentName = (segment: string): string => segment.slice(0, segment.indexOf(':'));

/**
 * An SQL condition on `feedback_items fi` (project $1): the item's user currently holds the trait. As
 * `trait` on GET /feedback: `seats:5` also matches the number 5, `beta:true` the boolean; items of no
 * known user never match.
 */
export function segmentCondition(segment: string, params: unknown[]): string {
  const [alternatives] = metadataFilterGroups([segment]);
  const matches = alternatives.map((json) => {
    params.push(json);
    return `u.traits @> $${params.length}::jsonb`;
  });
  return `fi.feedback_id IN (SELECT uf.feedback_id FROM user_feedback uf JOIN users u ON u.project_id = uf.project_id AND u.user_id = uf.user_id
                               WHERE uf.project_id = $1 AND (${matches.join(' OR ')}))`;
}

/** The API's check of an optional `trait` query parameter (the schema has seen to its shape). */
export const segmentProblems = (trait: string | undefined): FieldProblem[] => {
  const problem = trait === undefined ? undefined : segmentProblem(trait);
  return problem ? [{ field: 'trait', message: problem }] : [];
};
