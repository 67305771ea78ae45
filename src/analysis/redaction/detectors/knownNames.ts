import type { Span } from '../span.js';

function escapeRegex(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Caller-supplied names: the full name and each part of two or more letters, matched case-insensitively as whole
 * words. Longer alternatives come first so "Jane Doe" is taken whole rather than as "Jane" and "Doe".
 */
export function detectKnownNames(text: string, knownNames: readonly string[] = []): Span[] {
  const variants = new Set<string>();
  for (const raw of knownNames) {
    if (typeof raw !== 'string') continue;
    const full = raw.trim().replace(/\s+/g, ' ');
    if (full.length >= 2) variants.add(full.toLowerCase());
    for (const part of full.split(/[\s,]+/)) {
      const cleaned = part.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '');
      if ([...cleaned].filter((ch) => /\p{L}/u.test(ch)).length >= 2) variants.add(cleaned.toLowerCase());
    }
  }
  if (variants.size === 0) return [];
  const alternatives = [...variants].sort((a, b) => b.length - a.length).map((v) => escapeRegex(v).replace(/ /g, '\\s+'));
  const re = new RegExp(`(?<![\\p{L}\\p{N}])(?:${alternatives.join('|')})(?![\\p{L}\\p{N}])`, 'giu');
  return [...text.matchAll(re)].map((m) => ({ start: m.index, end: m.index + m[0].length, type: 'name' as const }));
}
