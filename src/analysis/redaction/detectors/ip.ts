import { isIPv4, isIPv6 } from 'node:net';
import { textBefore, type Span } from '../span.js';
import { VERSION_CUE } from '../versionCue.js';

// Exactly four dot-separated parts: version strings (2.4.1), longer build strings (1.2.3.4.5) and decimals are not IPs.
const IPV4_CANDIDATE = /(?<![\p{L}\p{N}_.\-])\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3}(?![\p{L}_\-]|\.\d|\d)/gu;
// A run of hex digits, colons and dots (for ::ffff:1.2.3.4); validated by node:net, so times like 10:30:15 drop out.
const IPV6_CANDIDATE = /(?<![\p{L}\p{N}_:.])[0-9A-Fa-f:][0-9A-Fa-f:.]*(?![\p{L}\p{N}_])/gu;

function trimTrailingPunctuation(candidate: string): string {
  return candidate.replace(/[.:]+$/, (tail) => (tail.startsWith('::') ? tail.slice(0, 2) : ''));
}

export function detectIps(text: string): Span[] {
  const spans: Span[] = [];
  for (const m of text.matchAll(IPV4_CANDIDATE)) {
    if (!isIPv4(m[0]) || VERSION_CUE.test(textBefore(text, m.index, 12))) continue;
    spans.push({ start: m.index, end: m.index + m[0].length, type: 'ip' });
  }
  for (const m of text.matchAll(IPV6_CANDIDATE)) {
    if (!m[0].includes(':')) continue;
    const candidate = trimTrailingPunctuation(m[0]);
    if ((candidate.match(/:/g)?.length ?? 0) < 2 || !isIPv6(candidate)) continue;
    spans.push({ start: m.index, end: m.index + candidate.length, type: 'ip' });
  }
  return spans;
}
