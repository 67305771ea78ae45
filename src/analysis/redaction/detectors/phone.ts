import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';
import { textBefore, type Span } from '../span.js';
import { VERSION_CUE } from '../versionCue.js';

// Countries tried for numbers written without an international prefix: a leading trunk 0 means a European or
// Japanese national form; otherwise North American, or Spanish and Italian, whose national numbers keep no trunk 0.
// Parsing is the costly step, so try as few as possible.
const TRUNK_ZERO_COUNTRIES: CountryCode[] = ['GB', 'DE', 'FR', 'JP'];
const NO_TRUNK_COUNTRIES: CountryCode[] = ['US', 'ES', 'IT'];

// A maximal run of digits and phone punctuation. One quantified class (no nested groups) keeps it linear.
const PHONE_RUN = /(?<![\p{L}\p{N}_+\-\/.#])(?:\+|\(\+?)?\d[\d ().\-\/]*\d\)?(?![\p{L}\p{N}_]|[.,:\/-]\d)/gu;
const EXTENSION = /^\s?(?:ext\.?|x|extension|Durchwahl|DW|poste)\s?\d{1,5}/i;
// Words that announce a number as a phone number, in the languages customers write in.
const PHONE_CUE =
  /\b(?:call|phone|tel|mobile|cell|(?:my|contact|home|work|office)\s+(?:number|no\.?|#)|whatsapp|sms|text me|reach me|ring|dial|fax|hotline|handy|telefon|nummer|rufnummer|anrufen|erreichbar|appel|appeler|portable|téléphone|numéro|teléfono|móvil|llamar|ll[aá]m(?:ame|adme|enme)|(?:mi|mio|meu|su)\s+n[uú]mero|celular|telem[oó]vel|telefone|lig(?:a|ue|ar)(?:-me)?\b|telefono|cellulare|chiam(?:ami|atemi|are)|bel(?:\s+me|\s+mij|len)\b|mobiel|telefoonnummer)[^\d\n\[\]]{0,18}$/;
// Dates anywhere in a run ("2024-03-15 14:32"), and ids or ranges led by a year ("2024/0815", "2019-2023").
const DATE_LIKE = /(?:^|\D)(?:\d{4}[-\/.]\d{1,2}[-\/.]\d{1,2}|\d{1,2}[-\/.]\d{1,2}[-\/.]\d{2,4})(?:\D|$)/;
const YEAR_LED = /^(?:19|20)\d\d ?[-\/]/;
// The French national form in pairs ("06.12.34.56.78") starts like a date but has five groups.
const FRENCH_PAIRS = /^0\d([ .\-])\d\d(?:\1\d\d){3}$/;
const MAX_RUN_LENGTH = 32;

function isValidSomewhere(candidate: string, compact: string): boolean {
  if (compact.startsWith('+') || compact.startsWith('00')) {
    const international = compact.startsWith('00') ? '+' + compact.slice(2) : compact;
    return parsePhoneNumberFromString(international)?.isValid() ?? false;
  }
  const countries = compact.startsWith('0') ? TRUNK_ZERO_COUNTRIES : NO_TRUNK_COUNTRIES;
  return countries.some((country) => parsePhoneNumberFromString(candidate, country)?.isValid() ?? false);
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
    if (run.length > MAX_RUN_LENGTH) continue;
    const compact = run.replace(/[^\d+]/g, '');
    const international = compact.startsWith('+') || compact.startsWith('00');
    if (!international && !FRENCH_PAIRS.test(run) && (DATE_LIKE.test(run) || YEAR_LED.test(run))) continue;
    const digitCount = compact.replace('+', '').length;
    if (digitCount < 7 || digitCount > 15) continue;
    const cued = PHONE_CUE.test(textBefore(text, m.index, 40));
    if (!cued && VERSION_CUE.test(textBefore(text, m.index, 12))) continue;
    const separated = /[ ().\-\/]/.test(run);
    if (!cued && !international && !separated) continue;
    const valid = digitCount >= 9 && isValidSomewhere(run, compact);
    // A cue word vouches for numbers libphonenumber cannot place (local "555 0100", reserved drama ranges).
    if (!valid && !(cued && run.split(/[ ().\-\/]+/).filter(Boolean).length <= 5)) continue;
    const ext = EXTENSION.exec(text.slice(m.index + run.length, m.index + run.length + 20));
    spans.push({ start: m.index, end: m.index + run.length + (ext ? ext[0].length : 0), type: 'phone' });
  }
  return spans;
}
