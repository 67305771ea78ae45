import { ELIDED_WORDS } from '../../domain/text/function-words.js';
import { isLabelStopWordOf } from '../../resources/text.js';

/**
 * Noun phrases of feedback in Spanish, French, German, Italian, Portuguese and Dutch, for theme labels,
 * without a parser (compromise reads English only): in these languages the word after an article, a
 * possessive, a demonstrative or a preposition–article contraction ("el", "l'", "zum", "della") is a
 * noun or an adjective before one. A phrase is the one or two content words after such a word ("la
 * sincronización", "Le nouvel abonnement"), extended by a linking preposition and the noun it
 * introduces ("el fondo de las fotos", "zum Entfernen von Objekten"). German nouns are capitalised,
 * so there a phrase ends at its noun, and a capitalised word inside a sentence starts one too.
 */

type Language = 'es' | 'fr' | 'de' | 'it' | 'pt' | 'nl';

const words = (list: string) => new Set(list.split(' '));

const DETERMINERS: Readonly<Record<Language, ReadonlySet<string>>> = {
  es: words('el la los las un una unos unas al del mi mis tu tus su sus este esta estos estas ese esa esos esas nuestro nuestra nuestros nuestras'),
  fr: words('le la les l un une des du au aux mon ma mes ton ta tes son sa ses ce cet cette ces notre nos votre vos leur leurs'),
  de: words(
    'der die das den dem des ein eine einen einem einer eines im zum zur vom beim am ins mein meine meinen meinem meiner dein deine deinen kein keine keinen keinem unser unsere unseren euer eure ihr ihre ihren dieser diese dieses diesen diesem',
  ),
  it: words(
    'il lo la i gli le l un uno una del dello della dei degli delle dell al allo alla ai agli alle all nel nella nei nelle nell dal dalla dall sul sulla sull mio mia miei mie tuo tua suo sua questo questa questi queste',
  ),
  pt: words('o a os as um uma uns umas do da dos das no na nos nas ao aos pelo pela pelos pelas meu minha meus minhas seu sua seus suas este esta esse essa'),
  nl: words('de het een mijn je jouw zijn haar ons onze hun deze dit die dat geen'),
};

/** Prepositions that join a noun to the noun it qualifies ("fondo de las fotos", "accès à l'historique"). */
const LINKS: Readonly<Record<Language, ReadonlySet<string>>> = {
  es: words('de del'),
  fr: words('de d du des à'),
  de: words('von'),
  it: words('di del dello della dei degli delle dell'),
  pt: words('de do da dos das'),
  nl: words('van'),
};

/**
 * Romance languages put most adjectives after the noun ("fotos exportadas") but so do verbs ("la app
 * trava"): a second word is kept when it ends like an adjective or a participle, or when the first is
 * one of the few adjectives written before the noun ("nouvel abonnement", "nueva versión").
 */
const ADJECTIVE_ENDING =
  /(?:ad[oa]s?|id[oa]s?|at[oa]|at[ie]|é(?:e|s|es)?|i(?:e|s|es)|al|ales|aux|bles?|iv[oa]s?|ive?s?|if|ic[oa]s?|iques?|os[oa]s?|eux|euses?|el|elles?|ente|entes|ante|antes)$/u;
const BEFORE_NOUN = words(
  'nouvel nouveau nouvelle nouveaux nouvelles nuevo nueva nuevos nuevas nuovo nuova nuovi nuove novo nova novos novas mauvais mauvaise mala malo buen buena bon bonne bonnes gran grande grandes petit petite pequeño pequeña dernier dernière último última ultimo ultima primer premier première meilleur mejor',
);

/** Elided articles and prepositions written with an apostrophe ("l'export", "d'abonnement", "dell'app"). */
const ELISION = new RegExp(`(?<![\\p{L}])(${ELIDED_WORDS})['’](?=\\p{L})`, 'giu');
/** A word; an elided one keeps its apostrophe ("l'"), so that it can be shown as written. */
const WORD = /[\p{L}\p{M}\p{N}]+(?:-[\p{L}\p{M}\p{N}]+)*'?/gu;
const MAX_PHRASE_WORDS = 4;

export function isPhraseLanguage(language: string | undefined): language is Language {
  return language !== undefined && Object.hasOwn(DETERMINERS, language);
}

/** The text's noun phrases as written (German keeps its capitals; others lower-case but acronyms), in order; duplicates kept. */
export function foreignNounPhrases(text: string, language: Language): string[] {
  const phrases: string[] = [];
  for (const chunk of text.replace(ELISION, "$1' ").split(/[.!?;:,()[\]{}"“”«»/|…–—]+/)) {
    const tokens = [...chunk.matchAll(WORD)].map((match) => match[0]);
    tokens.forEach((token, index) => {
      const start = startsPhrase(tokens, index, language);
      if (start === undefined) return;
      const phrase = phraseFrom(tokens, start, language);
      if (phrase.length > 0) phrases.push(...withLink(tokens, start + phrase.length, phrase, language).map((p) => display(p, language)));
    });
  }
  return phrases;
}

/** Where a phrase begins: after a determiner, or (German) at a capitalised content word inside the sentence. */
function startsPhrase(tokens: readonly string[], index: number, language: Language): number | undefined {
  if (DETERMINERS[language].has(normal(tokens[index]))) return index + 1;
  const followsDeterminer = index > 0 && DETERMINERS[language].has(normal(tokens[index - 1]));
  if (language === 'de' && index > 0 && !followsDeterminer && isCapitalised(tokens[index]) && isContent(tokens[index], language)) return index;
  return undefined;
}

/**
 * One or two content words. German: up to and including the first noun, and nothing without one.
 * Dutch: a second word only after an inflected adjective ("nieuwe versie", not "app crasht"). Romance
 * languages: see `ADJECTIVE_ENDING`; an infinitive after "al" / "ao" ("al abrir") is a clause, not a noun.
 */
function phraseFrom(tokens: readonly string[], start: number, language: Language): string[] {
  const first = tokens[start];
  if (first === undefined || !isContent(first, language)) return [];
  if (language === 'de') {
    if (isCapitalised(first)) return [first];
    const second = tokens[start + 1];
    return second !== undefined && isCapitalised(second) && isContent(second, language) ? [first, second] : [];
  }
  if ((language === 'es' || language === 'pt') && /^(?:al|ao)$/i.test(tokens[start - 1] ?? '') && /(?:ar|er|ir)$/i.test(first)) return [];
  const second = tokens[start + 1];
  if (second === undefined || !isContent(second, language)) return [first];
  const secondFits =
    language === 'nl'
      ? /e$/i.test(first)
      : BEFORE_NOUN.has(normal(first)) || (ADJECTIVE_ENDING.test(normal(second)) && !/mente$/.test(normal(second)) && !BEFORE_NOUN.has(normal(second)));
  return secondFits ? [first, second] : [first];
}

/** The phrase, and the phrase with "de (las) fotos" after it when a linking preposition and a noun follow. */
function withLink(tokens: readonly string[], next: number, phrase: string[], language: Language): string[][] {
  if (next >= tokens.length || !LINKS[language].has(normal(tokens[next]))) return [phrase];
  let noun = next + 1;
  const article = noun < tokens.length && DETERMINERS[language].has(normal(tokens[noun])) ? [tokens[noun++]] : [];
  const linked = noun < tokens.length && isContent(tokens[noun], language) && (language !== 'de' || isCapitalised(tokens[noun]));
  const extended = [...phrase, tokens[next], ...article, tokens[noun]];
  return linked && extended.length <= MAX_PHRASE_WORDS ? [phrase, extended] : [phrase];
}

function isContent(token: string, language: Language): boolean {
  const lower = normal(token);
  if (lower.length < 2 || lower.length < token.length || !/\p{L}/u.test(token) || (/\p{N}/u.test(token) && !isAcronym(token))) return false;
  return !isLabelStopWordOf(language, lower) && !DETERMINERS[language].has(lower) && !LINKS[language].has(lower);
}

/** German keeps its capitals (nouns); other languages are shown lower-case, acronyms kept ("PDF"); an elided word joins the next ("de l'historique"). */
function display(phrase: readonly string[], language: Language): string {
  return phrase
    .map((word) => (language === 'de' || isAcronym(word) ? word : word.toLowerCase()))
    .reduce((shown, word) => (shown === '' || shown.endsWith("'") ? shown + word : `${shown} ${word}`), '');
}

/** Lower case, without the apostrophe of an elision ("L'" → "l"), for the word lists. */
const normal = (token: string) => token.toLowerCase().replace(/'$/, '');

const isCapitalised = (word: string) => /^\p{Lu}\p{Ll}/u.test(word);
const isAcronym = (word: string) => /^[\p{Lu}0-9]{2,}$/u.test(word) && /\p{Lu}/u.test(word);
