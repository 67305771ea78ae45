import { Invalid } from '../errors.js';

export const LABEL_LIMIT_CHARS = 80;

const chars = (value: string) => [...value].length;

/**
 * A label a person types: trimmed, 1 to 80 characters, one line without control characters (a
 * label is shown in lists and sent in webhooks). NUL and unpaired surrogates are refused earlier, at the edge.
 */
export function checkedLabel(label: string, field = 'label'): string {
  const trimmed = label.trim();
  if (trimmed === '') throw new Invalid([{ field, message: 'must not be empty' }]);
  if (chars(trimmed) > LABEL_LIMIT_CHARS) throw new Invalid([{ field, message: `must be at most ${LABEL_LIMIT_CHARS} characters` }]);
  if (/\p{Cc}/u.test(trimmed)) throw new Invalid([{ field, message: 'must not contain control characters (line breaks, tabs, U+0000–U+001F, U+007F–U+009F)' }]);
  return trimmed;
}
