import { regexSpans, type Span } from '../span.js';

// Every word pattern below requires whitespace between words, so no word can be split two ways: no backtracking blow-up.
const CAP_WORD = String.raw`\p{Lu}[\p{L}'’.\-]*`;
const CITY = String.raw`\p{Lu}[\p{L}'’\-]*(?:\s\p{Lu}[\p{L}'’\-]*){0,2}`;

const EN_SUFFIX =
  'Street|St\\.?|Avenue|Ave\\.?|Road|Rd\\.?|Boulevard|Blvd\\.?|Lane|Ln\\.?|Drive|Dr\\.?|Court|Ct\\.?|Way|Parkway|Pkwy\\.?|Place|Pl\\.?|Terrace|Close|Crescent|Square|Highway|Hwy\\.?|Circle|Row|Gardens|Mews|Loop|Alley|Trail|Plaza';
// Quadrant or direction after the street type, as in US and Canadian addresses ("Pennsylvania Avenue NW").
const EN_DIRECTION = String.raw`(?:\s(?:N|S|E|W|NE|NW|SE|SW)\.?(?![\p{L}]))?`;
const EN_UNIT = String.raw`(?:,?\s(?:Apt|Apartment|Suite|Ste|Unit|Flat|Floor|#)\.?\s?#?[\w\-]{1,6})?`;
const US_CITY_STATE_ZIP = String.raw`(?:,\s${CITY}(?:,\s?|\s)[A-Z]{2}\s\d{5}(?:-\d{4})?)`;
const UK_CITY_POSTCODE = String.raw`(?:,\s${CITY},?\s[A-Z]{1,2}\d[A-Z\d]?\s?\d[A-Z]{2})`;
const EN_ADDRESS = new RegExp(
  String.raw`(?<![\p{L}\p{N}])\d{1,5}[A-Za-z]?\s(?:(?:${CAP_WORD}|\d{1,3}(?:st|nd|rd|th))\s){1,4}(?:${EN_SUFFIX})(?![\p{L}])${EN_DIRECTION}${EN_UNIT}(?:${US_CITY_STATE_ZIP}|${UK_CITY_POSTCODE})?`,
  'gu',
);

// German/Dutch street names carry their type as a suffix ("Hauptstraße") or as a second word ("Berliner Straße").
const DE_IN_WORD = 'straße|strasse|str\\.|weg|gasse|platz|allee|ring|damm|ufer|chaussee|straat|laan|gracht|plein|kade|singel';
const DE_WORD = 'Straße|Strasse|Str\\.|Weg|Gasse|Platz|Allee|Ring|Damm|Ufer|Chaussee';
const POSTCODE_CITY = String.raw`(?:,?\s\d{4,5}(?:\s?[A-Z]{2})?\s${CITY})`;
const DE_ADDRESS = new RegExp(
  String.raw`(?<![\p{L}\p{N}])(?:\p{Lu}\p{Ll}[\p{L}\-]*?(?:${DE_IN_WORD})|\p{Lu}[\p{L}\-]*[ \-](?:${DE_WORD}))\s\d{1,4}(?:\s?[a-zA-Z])?(?![\p{L}\p{N}])${POSTCODE_CITY}?`,
  'gu',
);

// French: number first, then the street type and its name ("12 rue de la Paix, 75002 Paris").
const FR_TYPE = '[Rr]ue|[Aa]venue|[Aa]v\\.|[Bb]oulevard|[Bb]d|[Pp]lace|[Cc]hemin|[Aa]llée|[Ii]mpasse|[Qq]uai|[Rr]oute|[Cc]ours';
const FR_PARTICLE = "(?:de la|de l['’]|des|du|de|d['’]|la|le|les|l['’])";
const FR_ADDRESS = new RegExp(
  String.raw`(?<![\p{L}\p{N}])\d{1,4}(?:\s?(?:bis|ter))?,?\s(?:${FR_TYPE})\s(?:${FR_PARTICLE}\s?)?${CAP_WORD}(?:\s${CAP_WORD}){0,3}${POSTCODE_CITY}?`,
  'gu',
);

// Spanish, Italian, Portuguese, Catalan: street type, name, then number.
const SOUTH_TYPE = 'Calle|C/|Avenida|Avda\\.|Paseo|Plaza|Carrer|Via|Viale|Piazza|Corso|Rua|Travessa';
const SOUTH_PARTICLE = '(?:de la|del|de|della|delle|di|dei|do|da|dos|das)';
const SOUTH_ADDRESS = new RegExp(
  String.raw`(?<![\p{L}\p{N}])(?:${SOUTH_TYPE})\s(?:${SOUTH_PARTICLE}\s)?${CAP_WORD}(?:\s${CAP_WORD}){0,3},?\s(?:n\.?º?\s?)?\d{1,4}(?:\s?[a-zA-Z])?(?![\p{L}\p{N}])${POSTCODE_CITY}?`,
  'gu',
);

const PO_BOX = /(?<![\p{L}\p{N}])(?:P\.?\s?O\.?\s?Box|Postfach|Apartado)\s\d{1,6}(?![\p{L}\p{N}])/gu;

/** Street addresses in the common English, German/Dutch, French and Southern European shapes, plus PO boxes. */
export function detectAddresses(text: string): Span[] {
  return [EN_ADDRESS, DE_ADDRESS, FR_ADDRESS, SOUTH_ADDRESS, PO_BOX].flatMap((re) => regexSpans(text, re, 'address'));
}
