import nlp from 'compromise';
import type { ThemeLabeler } from '../labeler.js';
import { aspectsOf } from '../../resources/aspect-taxonomy.js';
import { functionWordLanguage, isLabelStopWordOf, isStopWord } from '../../resources/text.js';
import { stem, stripPlaceholders } from '../../domain/text/tokenize.js';
import { CtfidfLabeler } from './ctfidf-labeler.js';
import { foreignNounPhrases, isPhraseLanguage } from './foreign-noun-phrases.js';

/** Texts of a theme read for phrases: its newest, as the worker passes them. */
const TEXTS_READ = 25;
const MAX_PHRASE_WORDS = 4;
/** Tags of words that never start or end a label: "the", "my", "every", "10". */
const EDGE_TAGS = ['Determiner', 'Pronoun', 'Possessive', 'Value', 'Conjunction', 'Preposition'];

interface Candidate {
  /** Stemmed content words, sorted: phrases with the same key are one candidate. */
  key: string;
  stems: string[];
  forms: Map<string, number>;
  texts: Set<number>;
}

/**
 * Offline theme labels a person would write ("CSV export", "Dark mode", "Slack integration"): the
 * theme's most representative noun phrase, found by compromise in its texts. A phrase scores by the
 * number of the theme's texts that contain all its content words (in any inflection), plus a bonus
 * for each of the theme's distinctive c-TF-IDF `terms` it covers, and a little for length (two or
 * three words name a theme better than one). Shown in its most frequent written form, first letter
 * capitalised (acronyms kept). English texts are parsed by compromise. A theme without an English
 * phrase is named by the aspect most of its texts name ("Sign in", "Dark mode"), else by a phrase of
 * its texts in Spanish, French, German, Italian, Portuguese or Dutch, read after their articles
 * without a parser (`foreign-noun-phrases.ts`: "Fondo de las fotos", "Entfernen von Objekten"), else
 * by its c-TF-IDF terms (`CtfidfLabeler`).
 */
export class PhraseLabeler implements ThemeLabeler {
  private readonly fallback = new CtfidfLabeler();

  async label(input: { texts: string[]; terms: string[] }): Promise<string> {
    const texts = (input.texts ?? []).slice(0, TEXTS_READ).map((t) => stripPlaceholders(String(t)).slice(0, 2000));
    const terms = input.terms ?? [];
    // Parsing is the dear part (tens of ms a text) and runs on the thread that serves requests: one
    // text per turn of the event loop, then the choice below reads the parses back from the cache.
    for (const text of texts) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      phrasesOf(text);
    }
    const phrase = bestPhrase(texts.filter(looksEnglish), terms);
    const aspect = sharedAspect(texts);
    // A phrase from a single text, or from at most a third of them ("White background" in a theme
    // whose other texts are Spanish, French and German), loses to the aspect more of them name
    // ("Dark mode"): the label then no longer depends on which texts happened to arrive first.
    const phraseIsMarginal = phrase && (phrase.support === 1 || phrase.support * 3 <= texts.length);
    if (aspect && (!phrase || (phraseIsMarginal && aspect.count > phrase.support))) return aspect.label;
    if (phrase) return phrase.label;
    // Phrases read without a parser come last, before the term list they replace ("Fondo de las fotos", not "foto automáticamente / encantaría / fondo").
    const foreign = bestPhrase(
      texts.filter((text) => !looksEnglish(text)),
      terms,
      { oneWordAnyTerm: true },
    );
    return foreign?.label ?? this.fallback.label(input);
  }
}

/** The best noun phrase and the number of texts that contain it; `oneWordAnyTerm` lets one word name a theme when it is any of its terms. */
export function bestPhrase(
  texts: readonly string[],
  terms: readonly string[],
  options: { oneWordAnyTerm?: boolean } = {},
): { label: string; support: number } | undefined {
  const textStems = texts.map((t) => new Set(words(t).map(stem)));
  const candidates = new Map<string, Candidate>();
  texts.forEach((text, index) => {
    const { language, phrases } = phrasesOf(text);
    for (const phrase of phrases) {
      const stems = [
        ...new Set(
          words(phrase)
            .map((w) => w.toLowerCase())
            .filter((w) => !isStopWord(w) && !isLabelStopWordOf(language, w))
            .map(stem),
        ),
      ].sort();
      if (stems.length === 0) continue;
      const key = stems.join(' ');
      const candidate = candidates.get(key) ?? { key, stems, forms: new Map(), texts: new Set() };
      candidate.forms.set(phrase, (candidate.forms.get(phrase) ?? 0) + 1);
      candidate.texts.add(index);
      candidates.set(key, candidate);
    }
  });
  const termStems = terms.slice(0, 5).map((term) => words(term).map((w) => stem(w.toLowerCase())));
  let best: { score: number; form: string; support: number } | undefined;
  for (const candidate of candidates.values()) {
    const support = textStems.filter((stems) => candidate.stems.every((s) => stems.has(s))).length;
    if (texts.length > 1 && support < 2) continue;
    const covered = termStems.reduce((sum, term, rank) => sum + (covers(candidate, term) ? 5 - rank : 0), 0);
    if (termStems.length > 0 && covered === 0) continue;
    // One word names a theme only when it is the theme's most distinctive term ("Slack", not "App"). Texts in
    // other languages keep their verbs among the terms ("abrir"), so there any term will do ("Câmera").
    if (candidate.stems.length === 1 && termStems.length > 0 && !options.oneWordAnyTerm && !covers(candidate, termStems[0])) continue;
    const score = support + covered + Math.min(candidate.stems.length - 1, 2) * 1.5;
    const form = [...candidate.forms].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0][0];
    if (!best || score > best.score || (score === best.score && form < best.form)) best = { score, form, support };
  }
  return best && { label: capitalise(best.form).slice(0, 60), support: best.support };
}

const covers = (candidate: Candidate, term: readonly string[]) => term.length > 0 && term.every((s) => candidate.stems.includes(s));

type TextPhrases = { language: string | undefined; phrases: string[] };

/** Parses of the texts read lately: a theme is labelled again as it grows, and every theme at each recluster pass, mostly from texts already read. */
const PARSES_KEPT = 2000;
const parses = new Map<string, TextPhrases>();

/** A text's noun phrases, by the reader of its language (English, else a guess from its function words). */
function phrasesOf(text: string): TextPhrases {
  const kept = parses.get(text);
  if (kept) return kept;
  const parsed = parse(text);
  if (parses.size >= PARSES_KEPT) parses.delete(parses.keys().next().value!);
  parses.set(text, parsed);
  return parsed;
}

function parse(text: string): TextPhrases {
  if (looksEnglish(text)) return { language: 'en', phrases: englishNounPhrases(text) };
  const language = functionWordLanguage(text);
  return { language, phrases: isPhraseLanguage(language) ? foreignNounPhrases(text, language) : [] };
}

/** Noun phrases of an English text without leading or trailing determiners, pronouns, numbers, stop words ("all", "same") and punctuation. */
function englishNounPhrases(text: string): string[] {
  const phrases: string[] = [];
  // `noun: false`: the words and their tags only, without each phrase's singular and plural forms (most of the parse's cost).
  for (const phrase of nlp(text)
    .nouns()
    .json({ noun: false } as object) as { terms: { text: string; tags: string[] }[] }[]) {
    // Words mixing letters and digits are references and codes ("quokka7731"), not names of a theme; acronyms ("2FA") stay.
    const terms = phrase.terms.filter((t) => /[\p{L}]/u.test(t.text) && (!/\d/.test(t.text) || isAcronym(t.text)));
    const atEdge = (term: { text: string; tags: string[] }) => term.tags.some((tag) => EDGE_TAGS.includes(tag)) || isStopWord(term.text);
    while (terms.length > 0 && atEdge(terms[0])) terms.shift();
    while (terms.length > 0 && atEdge(terms[terms.length - 1])) terms.pop();
    if (terms.length === 0 || terms.length > MAX_PHRASE_WORDS) continue;
    phrases.push(terms.map((t) => (isAcronym(t.text) ? t.text : t.text.toLowerCase())).join(' '));
  }
  return phrases;
}

/** compromise parses English only: a text with no common English function word, or with letters English does not use, is read as another language. */
const ENGLISH_FUNCTION_WORDS =
  /(?<![\p{L}'])(?:the|my|i|is|it|to|and|you|your|of|for|with|this|that|please|can't|cannot|don't|doesn't|won't|isn't|keeps)(?![\p{L}'])/iu;
const looksEnglish = (text: string) => ENGLISH_FUNCTION_WORDS.test(text) && !/[ñáíóúàèìòùâêîôûçäöüßãõœ¿¡]/i.test(text);

/** The aspect most of the texts name ("Sign-in", "Dark mode"), when more than half name the same one. */
function sharedAspect(texts: readonly string[]): { label: string; count: number } | undefined {
  const counts = new Map<string, number>();
  for (const text of texts) for (const { aspect } of aspectsOf(text)) counts.set(aspect, (counts.get(aspect) ?? 0) + 1);
  const [aspect, count] = [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0] ?? [];
  return aspect && count * 2 > texts.length ? { label: capitalise(aspect.replace(/-/g, ' ')), count } : undefined;
}

const words = (text: string) => text.match(/[\p{L}\p{N}]+(?:['-][\p{L}\p{N}]+)*/gu) ?? [];
const isAcronym = (word: string) => /^[A-Z0-9]{2,}$/.test(word) && /[A-Z]/.test(word);
const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
