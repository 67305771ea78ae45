// Check digits of national identity numbers, each as its issuer publishes it. Inputs are compact (no spaces).

function digitsOf(s: string): number[] {
  return [...s].map((ch) => ch.charCodeAt(0) - 48);
}

/** Dutch BSN "elfproef": 9·d1 + 8·d2 + … + 2·d8 − d9 is a multiple of 11. */
export function passesBsnElevenTest(digits: string): boolean {
  if (!/^\d{9}$/.test(digits) || digits === '000000000') return false;
  const d = digitsOf(digits);
  let sum = -d[8];
  for (let i = 0; i < 8; i++) sum += d[i] * (9 - i);
  return sum % 11 === 0;
}

const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function isCalendarDate(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1 || day > DAYS_IN_MONTH[month - 1]) return false;
  return month !== 2 || day < 29 || (year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0));
}

/** Polish PESEL: weights 1,3,7,9 repeated, and a birth date whose month carries the century (+20 for the 2000s…). */
export function passesPesel(digits: string): boolean {
  if (!/^\d{11}$/.test(digits)) return false;
  const d = digitsOf(digits);
  const weights = [1, 3, 7, 9, 1, 3, 7, 9, 1, 3];
  const sum = weights.reduce((acc, w, i) => acc + w * d[i], 0);
  if ((10 - (sum % 10)) % 10 !== d[10]) return false;
  const encodedMonth = d[2] * 10 + d[3];
  const century = [1900, 2000, 2100, 2200, 1800][Math.floor(encodedMonth / 20)];
  return century !== undefined && isCalendarDate(century + d[0] * 10 + d[1], encodedMonth % 20, d[4] * 10 + d[5]);
}

/**
 * German Steuer-IdNr: no leading 0; in the first ten digits one digit occurs two or three times and the rest at most
 * once; the eleventh is the ISO 7064 MOD 11,10 check digit.
 */
export function passesSteuerId(digits: string): boolean {
  if (!/^[1-9]\d{10}$/.test(digits)) return false;
  const counts = new Map<string, number>();
  for (const ch of digits.slice(0, 10)) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  const repeated = [...counts.values()].filter((n) => n > 1);
  if (repeated.length !== 1 || repeated[0] > 3) return false;
  let product = 10;
  for (const d of digitsOf(digits.slice(0, 10))) {
    let sum = (d + product) % 10;
    if (sum === 0) sum = 10;
    product = (sum * 2) % 11;
  }
  return (11 - product) % 10 === digitsOf(digits)[10];
}

/** French NIR (INSEE number): 13 characters (Corsica's 2A/2B counted as 19/18) and a key of 97 − (number mod 97). */
export function passesNirKey(nir: string): boolean {
  if (!/^\d{5}(?:\d\d|2A|2B)\d{8}$/i.test(nir)) return false;
  const body = nir.slice(0, 13).toUpperCase().replace('2A', '19').replace('2B', '18');
  let remainder = 0;
  for (const d of digitsOf(body)) remainder = (remainder * 10 + d) % 97;
  return 97 - remainder === Number(nir.slice(13));
}

const DNI_LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';

/** Spanish DNI (8 digits) or NIE (X/Y/Z + 7 digits): the letter is the number mod 23 in a fixed alphabet. */
export function passesDniLetter(number: string, letter: string): boolean {
  const numeric = number.toUpperCase().replace(/^[XYZ]/, (ch) => String('XYZ'.indexOf(ch)));
  return /^\d{8}$/.test(numeric) && DNI_LETTERS[Number(numeric) % 23] === letter.toUpperCase();
}

// Odd positions (1st, 3rd, …) of the codice fiscale map through this table; even positions count 0-25 as they are.
const CF_ODD = [1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14, 16, 10, 22, 25, 24, 23];

function cfValue(ch: string): number {
  const code = ch.charCodeAt(0);
  return code <= 57 ? code - 48 : code - 65;
}

/** Italian codice fiscale: the 16th letter is the check character over the first 15. Upper-case input. */
export function passesCodiceFiscale(cf: string): boolean {
  if (!/^[A-Z0-9]{15}[A-Z]$/.test(cf)) return false;
  let sum = 0;
  for (let i = 0; i < 15; i++) sum += i % 2 === 0 ? CF_ODD[cfValue(cf[i])] : cfValue(cf[i]);
  return String.fromCharCode(65 + (sum % 26)) === cf[15];
}
