import { themeLink, userLink } from '../app-links.js';
import type { AlertFacts } from './alert-facts.js';
import { escapeSlack, fitSlack } from './mrkdwn.js';

/** A Slack message: Block Kit blocks and the plain `text` that notifications and old clients show. */
export interface SlackMessage {
  text: string;
  blocks: Record<string, unknown>[];
}

const utc = (at: Date) => `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

const quoteLines = (quotes: string[]) => quotes.map((quote) => `> ${escapeSlack(quote)}`).join('\n');

function headline(facts: AlertFacts): string {
  switch (facts.kind) {
    case 'cluster.spiking':
      return `Spiking: ${facts.label}`;
    case 'cluster.regressed':
      return `Regressed: ${facts.label}`;
    case 'user.health_changed':
      return `At risk: ${facts.userId}`;
  }
}

function summary(facts: AlertFacts): string {
  switch (facts.kind) {
    case 'cluster.spiking':
      return (
        `*${escapeSlack(facts.label)}* is spiking: *${facts.reportsLast24h}* reports in the last 24 hours, ` +
        `against ${facts.priorDailyRate ?? 0} a day the week before. ${facts.size} items in the theme.`
      );
    case 'cluster.regressed':
      return `*${escapeSlack(facts.label)}* was resolved and has new feedback: ${facts.reportsLast24h} report(s) in the last 24 hours, ${facts.size} items in the theme.`;
    case 'user.health_changed': {
      const value = facts.value === null ? '' : ` Customer value (${escapeSlack(facts.valueTrait ?? 'value')}): *${facts.value}*.`;
      const who = facts.shadow ? `*${escapeSlack(facts.userId)}* (known only by this email)` : `*${escapeSlack(facts.userId)}*`;
      return `${who} entered the at-risk band (health ${facts.score}/100).${value}`;
    }
  }
}

/**
 * The alert as Block Kit: a header, a section with the theme (or user) and its counts, up to two
 * short redacted quotes, a context line (project, time in UTC), and a button into the web app.
 */
export function alertMessage(facts: AlertFacts, baseUrl: string): SlackMessage {
  const title = headline(facts);
  const link = facts.kind === 'user.health_changed' ? userLink(baseUrl, facts.userId) : themeLink(baseUrl, facts.clusterId);
  const blocks: Record<string, unknown>[] = [
    { type: 'header', text: { type: 'plain_text', text: fitSlack(title, 150), emoji: false } },
    { type: 'section', text: { type: 'mrkdwn', text: fitSlack(summary(facts), 3000) } },
  ];
  if (facts.quotes.length > 0) blocks.push({ type: 'section', text: { type: 'mrkdwn', text: fitSlack(quoteLines(facts.quotes), 3000) } });
  blocks.push(
    { type: 'context', elements: [{ type: 'mrkdwn', text: fitSlack(`${escapeSlack(facts.projectName)} · ${utc(facts.occurredAt)}`, 3000) }] },
    {
      type: 'actions',
      elements: [
        {
          type: 'button',
          text: { type: 'plain_text', text: facts.kind === 'user.health_changed' ? 'Open user' : 'Open theme' },
          url: link,
          action_id: 'open',
        },
      ],
    },
  );
  return { text: fitSlack(title, 3000), blocks };
}
