import { Invalid, type FieldProblem } from '../errors.js';

export const MAX_KEYWORDS = 50;
export const KEYWORD_LIMIT_CHARS = 100;
export const DESCRIPTION_LIMIT_CHARS = 1000;

const chars = (value: string) => [...value].length;
const CONTROL = /\p{Cc}/u;
const CONTROL_BUT_LINE_BREAKS = /[^\P{Cc}\n\t]/u;
const WORD_CHARACTER = /[\p{L}\p{N}]/u;

/** A keyword as it is kept and compared: NFC, trimmed, inner white space collapsed, lower case. */
export const normalisedKeyword = (keyword: string) => keyword.normalize('NFC').trim().replace(/\s+/gu, ' ').toLowerCase();

/**
 * The keywords a person gives a theme: 1 to 50, each 1 to 100 characters on one line with a letter or
 * digit, in any language; returned normalised. Two that normalise alike are a duplicate.
 */
export function checkedKeywords(keywords: readonly unknown[]): string[] {
  if (keywords.length === 0) throw new Invalid([{ field: 'keywords', message: 'must name at least one keyword' }]);
  if (keywords.length > MAX_KEYWORDS) throw new Invalid([{ field: 'keywords', message: `must name at most ${MAX_KEYWORDS} keywords` }]);
  const problems: FieldProblem[] = [];
  const seen = new Map<string, number>();
  const kept: string[] = [];
  keywords.forEach((keyword, i) => {
    const field = `keywords[${i}]`;
    if (typeof keyword !== 'string') return problems.push({ field, message: 'must be a string' });
    const normal = normalisedKeyword(keyword);
    if (normal === '') return problems.push({ field, message: 'must not be empty' });
    if (chars(normal) > KEYWORD_LIMIT_CHARS) return problems.push({ field, message: `must be at most ${KEYWORD_LIMIT_CHARS} characters` });
    if (CONTROL.test(normal)) return problems.push({ field, message: 'must not contain control characters' });
    if (!WORD_CHARACTER.test(normal)) return problems.push({ field, message: 'must contain a letter or a digit' });
    const first = seen.get(normal);
    if (first !== undefined) return problems.push({ field, message: `repeats keywords[${first}]` });
    seen.set(normal, i);
    kept.push(normal);
  });
  if (problems.length > 0) throw new Invalid(problems.slice(0, 20));
  return kept;
}

/** A description: trimmed, at most 1,000 characters, line breaks and tabs allowed; empty means none. */
export function checkedDescription(description: string): string | undefined {
  const trimmed = description.trim();
  if (trimmed === '') return undefined;
  if (chars(trimmed) > DESCRIPTION_LIMIT_CHARS) throw new Invalid([{ field: 'description', message: `must be at most ${DESCRIPTION_LIMIT_CHARS} characters` }]);
  if (CONTROL_BUT_LINE_BREAKS.test(trimmed))
    throw new Invalid([{ field: 'description', message: 'must not contain control characters other than line breaks and tabs' }]);
  return trimmed;
}

/** A theme named as a parent area, as its own stream says (`projectId` undefined: no such theme). */
export interface ParentArea {
  clusterId: string;
  projectId?: string;
  parentId?: string;
  mergedInto?: string;
}

/** Themes nest two levels: a parent area has no parent, and a theme with children takes none. */
export function checkedParent(parent: ParentArea, projectId: string, clusterId: string, hasChildren: boolean): string {
  const refuse = (message: string): never => {
    throw new Invalid([{ field: 'parentId', message }]);
  };
  if (parent.projectId !== projectId) refuse('is not a theme of this project');
  if (parent.clusterId === clusterId) refuse('must name another theme');
  if (parent.mergedInto) refuse(`was merged into ${parent.mergedInto}: name that theme`);
  if (parent.parentId) refuse('has a parent itself: themes nest two levels only');
  if (hasChildren) refuse('cannot be set on a theme that is itself a parent: themes nest two levels only');
  return parent.clusterId;
}
