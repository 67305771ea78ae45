/** How long a quote in a Slack message or an email may be. */
export const QUOTE_MAX_CHARS = 160;

/**
 * A short quote from an item's redacted text: one line, whitespace collapsed, cut at a word boundary
 * with an ellipsis when longer than `max` characters (code points, so no surrogate is split).
 */
export function shortQuote(text: string, max = QUOTE_MAX_CHARS): string {
  const line = text.replace(/\s+/g, ' ').trim();
  const chars = [...line];
  if (chars.length <= max) return line;
  const cut = chars.slice(0, max - 1).join('');
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
