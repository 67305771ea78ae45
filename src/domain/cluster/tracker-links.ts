import type { FieldProblem } from '../errors.js';

/** A theme carries at most this many links to tracker issues. */
export const MAX_TRACKER_LINKS = 10;
export const TRACKER_LINK_MAX_CHARS = 2048;

export type TrackerLinkCheck = { ok: true; url: string } | { ok: false; message: string };

const GITHUB = /^\/([A-Za-z0-9](?:[A-Za-z0-9-]{0,38}))\/([A-Za-z0-9._-]{1,100})\/issues\/([1-9][0-9]{0,9})\/?$/;
const LINEAR = /^\/([A-Za-z0-9_-]{1,64})\/issue\/([A-Za-z][A-Za-z0-9_]{0,15}-[1-9][0-9]{0,9})(?:\/[^/]*)?\/?$/;
const JIRA = /^\/browse\/([A-Za-z][A-Za-z0-9_]{0,15}-[1-9][0-9]{0,9})\/?$/;
const JIRA_HOST = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.atlassian\.net$/;

const REFUSED =
  'must be a GitHub issue (https://github.com/OWNER/REPO/issues/N), a Linear issue (https://linear.app/WORKSPACE/issue/KEY-N) or a Jira Cloud issue (https://SITE.atlassian.net/browse/KEY-N)';

/**
 * A link to a tracker issue in one canonical form, so that the URL a tracker reports when the issue
 * closes finds it: GitHub owner and repository lower-cased (GitHub ignores their case), Linear's
 * title slug dropped and its key upper-cased, Jira's key upper-cased; `https://`, no query, no
 * fragment, no trailing slash.
 */
export function normaliseTrackerLink(raw: string): TrackerLinkCheck {
  if (raw.length > TRACKER_LINK_MAX_CHARS) return { ok: false, message: `must be at most ${TRACKER_LINK_MAX_CHARS} characters` };
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return { ok: false, message: REFUSED };
  }
  if (url.protocol !== 'https:' || url.username || url.password || url.port) return { ok: false, message: REFUSED };
  const host = url.hostname.toLowerCase();
  if (host === 'github.com' || host === 'www.github.com') {
    const match = GITHUB.exec(url.pathname);
    if (match) return { ok: true, url: `https://github.com/${match[1].toLowerCase()}/${match[2].toLowerCase()}/issues/${match[3]}` };
  } else if (host === 'linear.app') {
    const match = LINEAR.exec(url.pathname);
    if (match) return { ok: true, url: `https://linear.app/${match[1]}/issue/${match[2].toUpperCase()}` };
  } else if (JIRA_HOST.test(host)) {
    const match = JIRA.exec(url.pathname);
    if (match) return { ok: true, url: `https://${host}/browse/${match[1].toUpperCase()}` };
  }
  return { ok: false, message: REFUSED };
}

/** The links in canonical form, without repeats; a problem for each bad one (`links[i]`) and for too many. */
export function checkTrackerLinks(raw: readonly string[]): { links: string[]; problems: FieldProblem[] } {
  const problems: FieldProblem[] = [];
  const links: string[] = [];
  raw.forEach((entry, index) => {
    const checked = normaliseTrackerLink(entry);
    if (!checked.ok) problems.push({ field: `links[${index}]`, message: checked.message });
    else if (!links.includes(checked.url)) links.push(checked.url);
  });
  if (raw.length > MAX_TRACKER_LINKS) problems.push({ field: 'links', message: `at most ${MAX_TRACKER_LINKS} links` });
  return { links, problems };
}
