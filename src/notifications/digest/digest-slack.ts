import type { SlackMessage } from '../slack/alert-message.js';
import { escapeSlack, fitSlack } from '../slack/mrkdwn.js';
import type { DigestContent, DigestTheme } from './digest-content.js';
import { describePeriod } from './period.js';

const SECTIONS = [
  ['newThemes', 'New themes'],
  ['spiking', 'Spiking'],
  ['growing', 'Growing'],
  ['resolved', 'Resolved'],
] as const;

/** `<url|label>`: Slack's link form; the label is escaped, the URL is ours (PUBLIC_BASE_URL and an encoded id). */
const link = (theme: DigestTheme) => `<${theme.link}|${escapeSlack(theme.label.replace(/\|/g, '¦'))}>`;

function themeText(theme: DigestTheme): string {
  const quotes = theme.quotes.map((quote) => `> ${escapeSlack(quote)}`).join('\n');
  return `*${link(theme)}*: ${theme.count} item(s), ${theme.previousCount} the period before${quotes ? `\n${quotes}` : ''}`;
}

/** The digest as a Block Kit message: a header, per non-empty section a title and one block per theme, and the period in a context line. */
export function digestSlackMessage(content: DigestContent): SlackMessage {
  const cadence = content.period.cadence === 'daily' ? 'Daily' : 'Weekly';
  const title = `${cadence} digest: ${content.projectName}`;
  const blocks: Record<string, unknown>[] = [
    { type: 'header', text: { type: 'plain_text', text: fitSlack(title, 150), emoji: false } },
    { type: 'context', elements: [{ type: 'mrkdwn', text: `${describePeriod(content.period)} (UTC)` }] },
  ];
  let any = false;
  for (const [key, heading] of SECTIONS) {
    if (content[key].length === 0) continue;
    any = true;
    blocks.push({ type: 'section', text: { type: 'mrkdwn', text: `*${heading}*` } });
    for (const theme of content[key]) blocks.push({ type: 'section', text: { type: 'mrkdwn', text: fitSlack(themeText(theme), 3000) } });
  }
  if (!any) blocks.push({ type: 'section', text: { type: 'mrkdwn', text: 'No new, spiking, growing or resolved themes in this period.' } });
  return { text: fitSlack(`${title} (${describePeriod(content.period)} UTC)`, 3000), blocks };
}
