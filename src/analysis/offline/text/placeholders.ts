/**
 * Texts reach the analyzer with personal data replaced by placeholders (`[email]`, `[name]`, ...).
 * Placeholder tokens carry no sentiment, type or language signal, so they are neutralised before
 * any model sees the text.
 */

import { replaceLinksAndEmails } from '../../../domain/text/email-like.js';
import { REDACTION_TYPES } from '../../redaction/redactor.js';

const PLACEHOLDER = new RegExp(`\\[(?:${REDACTION_TYPES.join('|')})\\]`, 'gi');

/** For the sentence encoder and the classifiers: keep sentences grammatical, drop the token. */
export function neutralisePlaceholders(text: string): string {
  return text
    .replace(/\[name\]/gi, 'someone')
    .replace(PLACEHOLDER, ' ')
    .replace(/[ \t]+/g, ' ')
    .replace(/ ([,.!?;:])/g, '$1')
    .trim();
}

/** For language identification: placeholders, URLs, e-mails, numbers and symbols say nothing about the language. */
export function stripForLanguageId(text: string): string {
  return replaceLinksAndEmails(text.replace(PLACEHOLDER, ' '), ' ')
    .replace(/[\p{N}]+/gu, ' ')
    .replace(/[^\p{L}\p{M}'’\s-]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}
