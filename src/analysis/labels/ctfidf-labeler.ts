import type { ThemeLabeler } from '../labeler.js';
import { formatLabel, LABEL_DEFAULTS, themeTerms, type ClusterTexts, type LabelOptions } from './ctfidf.js';
import { stripPlaceholders } from '../../domain/text/tokenize.js';
import { contentWords } from '../../resources/text.js';

/**
 * Offline theme labeler: joins the cluster's salient terms ("login / password reset") instead of
 * asking a language model. Uses the given `terms` when there are any, otherwise the c-TF-IDF top
 * terms of `texts`, weighted against the `background` clusters when those are supplied.
 */
export class CtfidfLabeler implements ThemeLabeler {
  constructor(private readonly options: LabelOptions & { background?: readonly ClusterTexts[] } = {}) {}

  async label(input: { texts: string[]; terms: string[] }): Promise<string> {
    const maxTerms = Math.min(4, Math.max(1, this.options.maxTerms ?? LABEL_DEFAULTS.maxTerms));
    const given = cleanTerms(input.terms ?? []).slice(0, maxTerms);
    if (given.length > 0) return formatLabel(given, this.options);
    const id = '\u0000target';
    const background = (this.options.background ?? []).filter((c) => c.clusterId !== id);
    const terms = themeTerms([{ clusterId: id, texts: input.texts ?? [] }, ...background], this.options).get(id) ?? [];
    return formatLabel(terms, this.options);
  }
}

/**
 * Given terms as label terms: lower-case, placeholders and punctuation removed, whitespace collapsed;
 * terms without a usable word (only stop words, numbers or placeholders) and duplicates dropped.
 */
function cleanTerms(terms: readonly string[]): string[] {
  const out: string[] = [];
  for (const term of terms) {
    if (typeof term !== 'string' || contentWords(term).length === 0) continue;
    const cleaned = stripPlaceholders(term)
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}'’ -]+/gu, ' ')
      .replace(/\s+/g, ' ')
      .trim();
    if (cleaned !== '' && !out.includes(cleaned)) out.push(cleaned);
  }
  return out;
}
