/** One language's cues, by what they signal (see `cue-lexicons.ts` for how entries match). */
export interface CueLexicon {
  /** Words that praise or express satisfaction. */
  positive: string[];
  /** Words that express dissatisfaction in general. */
  negative: string[];
  /** Something is broken: crashes, errors, does not work. */
  bug: string[];
  /** Grievances that are not defects: price, ads, support, refunds, waiting. */
  complaint: string[];
  /** Asking for something new. */
  request: string[];
  /** Question words that open a question. */
  question: string[];
  /** A past problem is now fixed. */
  resolved: string[];
  /** Thanks. */
  gratitude: string[];
}

/** Every kind of cue, as a lexicon file names them. */
export const CUE_KINDS = [
  'positive',
  'negative',
  'bug',
  'complaint',
  'request',
  'question',
  'resolved',
  'gratitude',
] as const satisfies readonly (keyof CueLexicon)[];
