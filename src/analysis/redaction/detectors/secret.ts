import { regexSpans, textBefore, type Span } from '../span.js';

// Credentials with a recognisable vendor shape.
const VENDOR_TOKENS: RegExp[] = [
  /(?<![\w-])(?:sk|pk|rk)_(?:live|test)_[A-Za-z0-9]{8,}/g, // Stripe
  /(?<![\w-])gh[pousr]_[A-Za-z0-9]{20,}/g, // GitHub
  /(?<![\w-])github_pat_[A-Za-z0-9_]{20,}/g,
  /(?<![\w-])(?:AKIA|ASIA)[0-9A-Z]{16}(?![\w])/g, // AWS access key id
  /(?<![\w-])xox[abposr]-[A-Za-z0-9-]{10,}/g, // Slack
  /(?<![\w-])xapp-\d-[A-Za-z0-9-]{10,}/g, // Slack app-level token
  /(?<![\w-])sk-(?:proj-|svcacct-|admin-|ant-)?(?=[\w-]*\d)[A-Za-z0-9_-]{20,}/g, // OpenAI, Anthropic (a digit: slugs such as sk-blue-winter-jacket have none)
  /(?<![\w-])AIza[0-9A-Za-z_-]{30,}/g, // Google API key
  /(?<![\w-])SG\.[\w-]{16,}\.[\w-]{16,}/g, // SendGrid
  /(?<![\w-])glpat-[\w-]{16,}/g, // GitLab
  /(?<![\w-])eyJ[\w-]{6,}\.[\w-]{6,}\.[\w-]{6,}/g, // JWT
];

// Tokens after an auth scheme or a credential label; only the value (never the "=" after the label) is redacted so the
// text stays readable.
const LABELLED_SECRET =
  /(?<=\b(?:Bearer|Basic|Token|token|api[_ -]?key|API[_ -]?[Kk]ey|secret|Secret|access[_ -]?key|client[_ -]?secret)\s{0,3}[:=]?\s{0,3})[A-Za-z0-9._~+\/-][A-Za-z0-9._~+\/=-]{14,}[A-Za-z0-9_~+\/=-]/g;
const PASSWORD_VALUE =
  /(?<=\b(?:[Pp]assword|[Pp]asswort|[Pp]asscode|PIN|pwd|[Mm]ot de passe|[Cc]ontraseña|[Kk]ennwort)\s{0,3}(?:is|was|ist|war|est|es|:|=)\s{0,3}["'“]?)[^\s"'”]{4,64}/g;

// Long runs of token characters that may be credentials; judged by shape below.
const TOKEN_CANDIDATE = /(?<![\w\-+\/=])[A-Za-z0-9][\w\-+\/=]{23,}/g;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const KEY_CUE = /(?:key|token|secret|credential|passwor[dt]|schlüssel|clé|api)\W{0,4}(?:\w+\W{1,3}){0,2}$/;

function shannonEntropy(s: string): number {
  const counts = new Map<string, number>();
  for (const ch of s) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  let h = 0;
  for (const n of counts.values()) h -= (n / s.length) * Math.log2(n / s.length);
  return h;
}

/**
 * A long token is treated as a credential when one unbroken segment (between - and _) of 16+ characters mixes
 * letters and digits with high entropy. Structured ids keep short segments (SKU-ABC-1234-XL, ORD-2024-00123)
 * and survive. Canonical UUIDs and hex-only strings (commit hashes, request ids) are kept as references support
 * needs, unless a key/token/secret cue precedes them.
 */
function looksLikeCredential(token: string, cued: boolean): boolean {
  if (UUID.test(token) || /^[0-9a-f]+$/i.test(token)) return cued;
  const longest = token.split(/[-_\/.]/).reduce((a, b) => (b.length > a.length ? b : a), '');
  if (longest.length < 16) return cued && longest.length >= 8;
  const hasLetter = /[A-Za-z]/.test(longest);
  const hasDigit = /\d/.test(longest);
  if (!hasLetter || !hasDigit) return cued;
  return shannonEntropy(longest) >= 3.5 || cued;
}

export function detectSecrets(text: string): Span[] {
  const spans: Span[] = [];
  for (const re of VENDOR_TOKENS) spans.push(...regexSpans(text, re, 'secret'));
  spans.push(...regexSpans(text, LABELLED_SECRET, 'secret'));
  // "password is rejected" names no password; a real one has a digit, a symbol or inner capitals.
  spans.push(...regexSpans(text, PASSWORD_VALUE, 'secret', (m) => /[\d\W_]|.\p{Lu}/u.test(m[0].replace(/[.,;!?]$/, ''))));
  spans.push(...tokenSpans(text));
  return spans;
}

// A candidate may start with a parameter name ("api_key=AbCd…", "token=9f8a…") and, inside a link, run across path
// segments ("com/reset/Zk3m…"): names are left out, and in links only the segments that look like credentials
// themselves are taken, so hosts and path words stay readable.
const IN_LINK = /:\/\/\S*$/;
const PARAMETER = /^[A-Za-z_][\w-]*=(?=[^=])/;

function tokenSpans(text: string): Span[] {
  const spans: Span[] = [];
  for (const m of text.matchAll(TOKEN_CANDIDATE)) {
    const token = m[0].replace(/[=\-_+\/.]+$/, (t) => (/^=+$/.test(t) ? t : ''));
    const cued = KEY_CUE.test(textBefore(text, m.index, 30));
    if (!looksLikeCredential(token, cued)) continue;
    const inLink = IN_LINK.test(text.slice(Math.max(0, m.index - 200), m.index));
    let cursor = m.index;
    for (const segment of inLink ? m[0].split('/') : [m[0]]) {
      const name = PARAMETER.exec(segment)?.[0] ?? '';
      const value = segment.slice(name.length);
      if (!inLink || looksLikeCredential(value, cued)) spans.push({ start: cursor + name.length, end: cursor + segment.length, type: 'secret' });
      cursor += segment.length + 1;
    }
  }
  return spans;
}
