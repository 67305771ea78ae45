/**
 * lid.176 labels are mostly ISO 639-1 already; the rest are ISO 639-2/3 codes. Those with a
 * macro-language that has a two-letter code are mapped to it, the others are dropped.
 */
const TO_ISO_639_1: Record<string, string> = {
  als: 'de', // Alemannic
  arz: 'ar', // Egyptian Arabic
  azb: 'az', // South Azerbaijani
  bar: 'de', // Bavarian
  ckb: 'ku', // Central Kurdish
  frr: 'de',
  nds: 'de', // Low German
  pnb: 'pa', // Western Punjabi
  wuu: 'zh', // Wu Chinese
  yue: 'zh', // Cantonese
  gan: 'zh',
  min: 'ms', // Minangkabau
  lrc: 'fa',
  mzn: 'fa',
  vls: 'nl', // West Flemish
  lmo: 'it',
  vec: 'it',
  nap: 'it',
  scn: 'it',
  pms: 'it',
  ast: 'es',
  ext: 'es',
};

export function toIso6391(code: string): string | undefined {
  if (TO_ISO_639_1[code]) return TO_ISO_639_1[code];
  return /^[a-z]{2}$/.test(code) ? code : undefined;
}
