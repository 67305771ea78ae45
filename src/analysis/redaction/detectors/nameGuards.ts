import { isCommonWord } from './lexicon.js';

/**
 * Words that compromise (or our cue patterns) can mistake for people in product feedback: product and brand names,
 * UI features and verbs that start sentences ("Export is broken", "Mark as read"). Lower-case.
 */
export const PRODUCT_WORDS = new Set([
  // brands and products
  'apple', 'pay', 'google', 'android', 'iphone', 'ipad', 'mac', 'macbook', 'imac', 'chrome', 'firefox', 'safari',
  'edge', 'windows', 'microsoft', 'teams', 'zoom', 'slack', 'jira', 'notion', 'excel', 'outlook', 'gmail', 'siri',
  'alexa', 'echo', 'kindle', 'pixel', 'galaxy', 'samsung', 'spotify', 'netflix', 'paypal', 'stripe', 'shopify',
  'venmo', 'klarna', 'visa', 'mastercard', 'amex', 'dropbox', 'trello', 'asana', 'figma', 'github', 'gitlab',
  'linux', 'ubuntu', 'ios', 'ipados', 'macos', 'watch', 'airpods', 'fitbit', 'garmin', 'sonos', 'roku', 'tesla',
  'uber', 'lyft', 'amazon', 'prime', 'ebay', 'whatsapp', 'telegram', 'signal', 'discord', 'twitter', 'instagram',
  'facebook', 'linkedin', 'tiktok', 'youtube', 'twitch', 'salesforce', 'hubspot', 'zendesk', 'intercom', 'okta',
  'sso', 'saml', 'oauth', 'face', 'touch', 'id', 'cloud', 'drive', 'docs', 'sheets', 'maps', 'wallet',
  // editions and features
  'premium', 'pro', 'plus', 'max', 'mini', 'ultra', 'lite', 'basic', 'business', 'enterprise', 'starter', 'family',
  'dark', 'light', 'mode', 'export', 'import', 'sync', 'search', 'login', 'settings', 'dashboard', 'calendar',
  'inbox', 'home', 'support', 'billing', 'checkout', 'cart', 'chat', 'help', 'admin', 'team', 'workspace', 'widget',
  'autopay', 'autosave', 'offline', 'beta', 'update', 'app', 'web', 'desktop', 'mobile', 'tablet', 'reports',
  // greetings and roles
  'hi', 'hello', 'hey', 'dear', 'thanks', 'customer', 'kunde', 'client', 'cliente', 'user', 'agent', 'manager',
  // teams, departments and assistants people are told to ask or thank
  'sales', 'finance', 'legal', 'accounting', 'accounts', 'marketing', 'engineering', 'operations', 'security',
  'compliance', 'procurement', 'community', 'chatgpt', 'copilot', 'gemini', 'equipo', 'équipe', 'equipe', 'squadra',
  'staff', 'personale', 'pessoal', 'gente', 'leute', 'jungs', 'chicos', 'ragazzi', 'pessoas', 'mensen',
]);

/**
 * Pronouns, determiners, prepositions and time words that can sit where a name is expected ("Ask Sie", "Danke an Ihr
 * Team", "hablé con lucía ayer", "danke an jonas vom support"). Lower-case.
 */
export const FUNCTION_WORDS = new Set([
  'me', 'him', 'her', 'them', 'us', 'you', 'your', 'our', 'their', 'his', 'its', 'the', 'a', 'an', 'this', 'that', 'my',
  'la', 'le', 'les', 'el', 'il', 'lo', 'de', 'da', 'do', 'di', 'du', 'mi', 'tu', 'mis', 'tus', 'mon', 'ma', 'mes', 'ton', 'ta',
  'mein', 'meine', 'dein', 'deine', 'mio', 'meu', 'minha', 'mijn', 'jouw', 'onze', 'nuestro', 'nuestra', 'notre', 'nostro',
  'someone', 'somebody', 'anyone', 'anybody', 'everyone', 'everybody', 'nobody', 'all', 'some', 'any', 'each',
  'sie', 'ihr', 'ihre', 'ihrem', 'ihren', 'ihnen', 'euch', 'uns', 'alle', 'jemand', 'niemand', 'das', 'die', 'der', 'den', 'dem',
  'vom', 'von', 'aus', 'bei', 'mit', 'und', 'oder', 'heute', 'gestern', 'morgen', 'nochmal', 'schon',
  'vous', 'votre', 'vos', 'tous', 'toutes', 'nous', 'moi', 'toi', 'avec', 'pour', 'sur', 'chez', 'hier', 'aujourd', 'encore',
  'usted', 'ustedes', 'todos', 'todas', 'alguien', 'nadie', 'sus', 'los', 'las', 'del', 'con', 'para', 'por', 'que',
  'ayer', 'hoy', 'mañana', 'otra', 'vez', 'pero',
  'voi', 'lei', 'tutti', 'qualcuno', 'nessuno', 'gli', 'dal', 'della', 'dello', 'per', 'ieri', 'oggi', 'domani', 'ancora',
  'você', 'vocês', 'alguém', 'ninguém', 'ontem', 'hoje', 'amanhã', 'com', 'pelo', 'pela',
  'jullie', 'iemand', 'iedereen', 'het', 'van', 'met', 'voor', 'gisteren', 'vandaag', 'nog', 'maar', 'allemaal',
]);

// Titles come before a name ("ask Dr. Patel"); the honorific pattern takes the name after them.
const HONORIFICS = new Set(['mr', 'mrs', 'ms', 'miss', 'mx', 'dr', 'prof', 'sir', 'madam', 'herr', 'frau', 'monsieur', 'madame', 'mme', 'mlle', 'sr', 'sra', 'señor', 'señora', 'sig', 'signora', 'signor']);

/** Words the lexicon lists as first names that are everyday words in the languages customers write in. */
export const NOT_NAMES_IN_LOWER_CASE = new Set([
  'mia', 'ela', 'dona', 'cara', 'ola', 'nel', 'luz', 'rosa', 'val', 'cal', 'don', 'gale', 'cher', 'ira', 'sal',
  'lana', 'luna', 'alba', 'gloria', 'clara', 'stella', 'serena', 'angel', 'pia', 'vera',
]);

/** Words that are first names but more often something else; trusted only after a cue ("Thanks, Mark"). */
export const AMBIGUOUS_WORDS = new Set([
  'mark', 'will', 'may', 'june', 'april', 'august', 'bill', 'grant', 'chase', 'rich', 'pat', 'sue', 'art', 'joy',
  'hope', 'faith', 'sunny', 'summer', 'winter', 'autumn', 'dawn', 'rusty', 'sky', 'star', 'ray',
]);

/**
 * For names after weaker cues ("Ask", "thanks to", "our lead,"): guarded when the first word is a product, a pronoun, a
 * title or a word compromise knows as something other than a person ("Ask Questions", "thanks to Your team").
 */
export function startsWithNonName(candidate: string): boolean {
  const first = candidate.split(/[^\p{L}]+/u).find((w) => w.length > 0) ?? '';
  const lower = first.toLowerCase();
  return lower.length === 0 || PRODUCT_WORDS.has(lower) || FUNCTION_WORDS.has(lower) || HONORIFICS.has(lower) || isCommonWord(lower);
}

/** True when every word of a candidate is a guarded word; `cued` candidates are only checked against products. */
export function isGuarded(candidate: string, cued: boolean): boolean {
  const words = candidate.toLowerCase().split(/[^\p{L}]+/u).filter((w) => w.length > 0);
  return words.length === 0 || words.every((w) => PRODUCT_WORDS.has(w) || (!cued && AMBIGUOUS_WORDS.has(w)));
}
