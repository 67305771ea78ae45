/**
 * Text for Slack's `mrkdwn` and `plain_text` fields: Slack reads `&`, `<` and `>` as control
 * characters (links, mentions such as <!channel>), so they are escaped as its documentation asks.
 */
export const escapeSlack = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Cuts text to Slack's limit for a field (header 150, section 3000, button 75 characters). */
export function fitSlack(text: string, max: number): string {
  const chars = [...text];
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join('')}…`;
}
