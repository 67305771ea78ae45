import type { Span } from '../span.js';
import cues from './cues/urlSecrets.json' with { type: 'json' };

const URL = /(?<![\p{L}\p{N}])https?:\/\/[^\s<>"'\[\]{}|\\^`]+/giu;
const PARAM = /([^&;=#?]+)=([^&;#]*)/g;
const STRONG = new Set(cues.strongParams);
const WEAK = new Set(cues.weakParams);
const STRONG_SUFFIX = new RegExp(`(?:${cues.paramSuffixes.join('|')})$`);
const PATH_CUES = new Set(cues.pathSegments);
const TOKEN_CHARS = /^[A-Za-z0-9_\-.~%+=]+$/;

// A value worth hiding when its name only hints at a secret ("code", "key", "reset"): long, or letters mixed with digits.
function isTokenLike(value: string): boolean {
  if (!TOKEN_CHARS.test(value) || value.length < 8) return false;
  return value.length >= 16 || (/[A-Za-z]/.test(value) && /\d/.test(value));
}

function isSecretParam(name: string, value: string): boolean {
  const key = decodeName(name).toLowerCase();
  if (STRONG.has(key) || STRONG_SUFFIX.test(key)) return value.length >= 6;
  return WEAK.has(key) && isTokenLike(value);
}

function decodeName(name: string): string {
  try {
    return decodeURIComponent(name);
  } catch {
    return name;
  }
}

/** Query and fragment values named like secrets (token=, sig=, reset=, code=…). */
function queryValues(url: string, offset: number): Span[] {
  const spans: Span[] = [];
  const start = url.search(/[?#]/);
  if (start < 0) return spans;
  for (const m of url.slice(start + 1).matchAll(PARAM)) {
    const valueStart = offset + start + 1 + m.index + m[1].length + 1;
    if (isSecretParam(m[1], m[2])) spans.push({ start: valueStart, end: valueStart + m[2].length, type: 'secret' });
  }
  return spans;
}

/** Token-like path segments after a reset, verify, confirm, invite… segment ("/reset/Zk3mP9qL…"). */
function pathTokens(url: string, offset: number): Span[] {
  const spans: Span[] = [];
  const pathStart = url.indexOf('/', url.indexOf('//') + 2);
  if (pathStart < 0) return spans;
  const pathEnd = url.slice(pathStart).search(/[?#]/);
  const path = pathEnd < 0 ? url.slice(pathStart) : url.slice(pathStart, pathStart + pathEnd);
  let cued = false;
  let cursor = pathStart;
  for (const segment of path.split('/')) {
    if (cued && isTokenLike(segment)) spans.push({ start: offset + cursor, end: offset + cursor + segment.length, type: 'secret' });
    cued = cued || PATH_CUES.has(segment.toLowerCase());
    cursor += segment.length + 1;
  }
  return spans;
}

/** Secrets inside links: reset, verification and invitation tokens, signatures, access tokens. Only the secret part is redacted. */
export function detectUrlSecrets(text: string): Span[] {
  const spans: Span[] = [];
  for (const m of text.matchAll(URL)) {
    const url = m[0].replace(/[.,;:!?)]+$/, '');
    spans.push(...pathTokens(url, m.index), ...queryValues(url, m.index));
  }
  return spans;
}
