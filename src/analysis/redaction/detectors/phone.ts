import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';
import { textBefore, type Span } from '../span.js';

// Countries tried, in order, for numbers written without an international prefix.
const NATIONAL_COUNTRIES: CountryCode[] = ['US', 'GB', 'DE', 'FR', 'ES', 'IT', 'NL', 'AU'];

// A maximal run of digits and phone punctuation. One quantified class (no nested groups) keeps it linear.
const PHONE_RUN = /(?<![\p{L}\p{N}_+\-\/.#])(?:\+|\(\+?)?\d[\d ().\-\/]*\d\)?(?![\p{L}\p{N}_]|[.,\/-]\d)/gu;
const EXTENSION = /^\s?(?:ext\.?|x|extension|Durchwahl|DW|poste)\s?\d{1,5}/i;
// Words that announce a number as a phone number, in the languages customers write in.
const PHONE_CUE =
  /\b(?:call|phone|tel|mobile|cell|(?:my|contact|home|work|office)\s+(?:number|no\.?|#)|whatsapp|sms|text me|reach me|ring|dial|fax|hotline|handy|telefon|nummer|rufnummer|anrufen|erreichbar|appel|appeler|portable|téléphone|numéro|teléfono|móvil|llamar|telefono|cellulare)[^\d\n]{0,18}$/;
const DATE_LIKE = /^(?:\d{4}[-\/.]\d{1,2}[-\/.]\d{1,2}|\d{1,2}[-\/.]\d{1,2}[-\/.]\d{2,4})$/;
const YEAR_RANGE = /^(?:19|20)\d\d ?[-\/] ?(?:19|20)\d\d$/;
const MAX_RUN_LENGTH = 32;

function isValidSomewhere(candidate: string, compact: string): boolean {
  if (compact.startsWith('+') || compact.startsWith('00')) {
    const international = compact.startsWith('00') ? '+' + compact.slice(2) : compact;
    return parsePhoneNumberFromString(international)?.isValid() ?? false;
  }
  return NATIONAL_COUNTRIES.some((country) => parsePhoneNumberFromString(candidate, country)?.isValid() ?? false);
}

/**
 * Phone numbers validated by libphonenumber (international, or national for common countries), plus short written
 * forms ("call me at 555 0100") when a cue word announces them. Bare digit strings without separators, a "+" or a
 * cue are left alone: they are far more often order, invoice or tracking numbers.
 */
export function detectPhones(text: string): Span[] {
  const spans: Span[] = [];
  for (const m of text.matchAll(PHONE_RUN)) {
    const run = m[0];
    if (run.length > MAX_RUN_LENGTH || DATE_LIKE.test(run) || YEAR_RANGE.test(run)) continue;
    const compact = run.replace(/[^\d+]/g, '');
    const digitCount = compact.replace('+', '').length;
    if (digitCount < 7 || digitCount > 15) continue;
    const cued = PHONE_CUE.test(textBefore(text, m.index, 40));
    const international = compact.startsWith('+') || compact.startsWith('00');
    const separated = /[ ().\-\/]/.test(run);
    if (!cued && !international && !separated) continue;
    const valid = digitCount >= 9 && isValidSomewhere(run, compact);
    if (!valid && !(cued && /^\(?\d{2,5}\)?[ .\-\/]?\d{3,4}[ .\-]?\d{0,4}$/.test(run.replace(/^\+/, '')))) continue;
    const ext = EXTENSION.exec(text.slice(m.index + run.length, m.index + run.length + 20));
    spans.push({ start: m.index, end: m.index + run.length + (ext ? ext[0].length : 0), type: 'phone' });
  }
  return spans;
}
