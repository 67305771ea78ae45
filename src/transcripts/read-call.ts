import { readPlainText } from './parse-text.js';
import { readWebVtt } from './parse-vtt.js';
import type { ReadResult, ReadSegment } from './segments.js';

/** The three forms a call arrives in (spec 4.13): exactly one of `segments` or `text`, the latter as `text` or `vtt`. */
export type CallInput =
  | { segments: { speaker: string; text: string; start_sec?: number }[]; text?: undefined; format?: undefined }
  | { text: string; format?: 'text' | 'vtt'; segments?: undefined };

const read = new WeakMap<object, ReadResult>();

/**
 * The call's turns, read once per request body: validation reads it to name an unreadable line,
 * the handler takes the same result (a 2 MB text is not read twice).
 */
export function readCall(input: CallInput): ReadResult {
  const known = read.get(input);
  if (known) return known;
  const result: ReadResult =
    input.segments !== undefined
      ? {
          ok: true,
          segments: input.segments.map((segment): ReadSegment => ({
            label: segment.speaker,
            text: segment.text,
            startSec: segment.start_sec ?? null,
            endSec: null,
            line: 0,
          })),
        }
      : input.format === 'vtt'
        ? readWebVtt(input.text)
        : readPlainText(input.text);
  read.set(input, result);
  return result;
}
