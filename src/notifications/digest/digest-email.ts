import type { DigestContent, DigestTheme } from './digest-content.js';
import { describePeriod } from './period.js';

export interface DigestEmail {
  subject: string;
  text: string;
  html: string;
}

const SECTIONS = [
  ['newThemes', 'New themes'],
  ['spiking', 'Spiking'],
  ['growing', 'Growing'],
  ['resolved', 'Resolved'],
] as const;

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** One line, whatever a project name holds (a header must not be split). */
const oneLine = (text: string) => text.replace(/[\r\n\t]+/g, ' ').trim();

const countLine = (theme: DigestTheme) => `${theme.count} item(s) in the period, ${theme.previousCount} the period before`;

const isEmpty = (content: DigestContent) => SECTIONS.every(([key]) => content[key].length === 0);

/** The digest as an email: a plain-text part and an HTML part with the same content, periods in UTC. */
export function digestEmail(content: DigestContent): DigestEmail {
  const when = `${describePeriod(content.period)} (UTC)`;
  const cadence = content.period.cadence === 'daily' ? 'Daily' : 'Weekly';
  const subject = oneLine(`${cadence} feedback digest for ${content.projectName}: ${when}`);
  const text: string[] = [`${cadence} feedback digest for ${oneLine(content.projectName)}`, when, ''];
  const html: string[] = [
    '<!doctype html><html><body style="font-family: sans-serif; line-height: 1.4">',
    `<h1 style="font-size: 20px">${escapeHtml(cadence)} feedback digest for ${escapeHtml(content.projectName)}</h1>`,
    `<p style="color: #555">${escapeHtml(when)}</p>`,
  ];
  if (isEmpty(content)) {
    text.push('No new, spiking, growing or resolved themes in this period.');
    html.push('<p>No new, spiking, growing or resolved themes in this period.</p>');
  }
  for (const [key, title] of SECTIONS) {
    const themes = content[key];
    if (themes.length === 0) continue;
    text.push(title.toUpperCase(), '');
    html.push(`<h2 style="font-size: 16px">${escapeHtml(title)}</h2>`, '<ul>');
    for (const theme of themes) {
      text.push(`* ${theme.label} (${countLine(theme)})`, ...theme.quotes.map((quote) => `  "${quote}"`), `  ${theme.link}`, '');
      html.push(
        `<li><a href="${escapeHtml(theme.link)}"><strong>${escapeHtml(theme.label)}</strong></a> <span style="color: #555">${escapeHtml(countLine(theme))}</span>`,
        ...theme.quotes.map((quote) => `<blockquote style="margin: 4px 0 4px 12px; color: #333">${escapeHtml(quote)}</blockquote>`),
        '</li>',
      );
    }
    html.push('</ul>');
  }
  html.push('</body></html>');
  return { subject, text: `${text.join('\n').trimEnd()}\n`, html: html.join('\n') };
}
