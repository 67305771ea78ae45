import webvtt from 'webvtt-parser';
import type { TreeNode } from 'webvtt-parser';
import { MAX_SEGMENTS, segmentLengthProblem, tooManySegments, unreadable, type ReadResult, type ReadSegment } from './segments.js';

/**
 * The character references WebVTT defines. The parser's own defaults lack the `;` forms, so
 * `&amp;` read as `&;`; given these, it decodes them as the WebVTT standard says.
 */
const VTT_ENTITIES = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&lrm;': '\u200e',
  '&rlm;': '\u200f',
  '&nbsp;': '\u00a0',
} as const;

/** `Name: words` at the start of a cue without a voice tag (the form some notetakers write). */
const INLINE_LABEL = /^(\p{L}[\p{L}\p{M}\p{N} .'’_\-()&]{0,59}?)\s*:\s+/u;
const MAX_LABEL_WORDS = 5;

interface Cue {
  voice: string | null;
  text: string;
  startSec: number;
  endSec: number;
}

/**
 * The voice of a cue (its first `<v Name>`), and its spoken text without tags or inline timestamps.
 * Iterative, so that tags nested a hundred thousand deep cannot overflow the stack.
 */
function flatten(children: TreeNode[]): { voice: string | null; text: string } {
  let voice: string | null = null;
  const parts: string[] = [];
  const pending: TreeNode[] = [...children].reverse();
  while (pending.length > 0) {
    const node = pending.pop()!;
    if (node.type === 'text') parts.push(node.value);
    else if (node.type === 'object') {
      if (node.name === 'v' && voice === null && node.value.trim()) voice = node.value.trim();
      for (let i = node.children.length - 1; i >= 0; i--) pending.push(node.children[i] as TreeNode);
    }
  }
  return { voice, text: parts.join('') };
}

/** Storage cannot hold NUL nor unpaired surrogates, which numeric character references can produce. */
const clean = (text: string) => text.replaceAll('\u0000', '\uFFFD').toWellFormed();

/** Real cues nest tags two or three deep; the parser recurses per level, so deeper is refused before parsing. */
const MAX_TAG_DEPTH = 100;

/** The first line at which a cue's open tags nest deeper than MAX_TAG_DEPTH, if any (inline timestamps are not tags). */
function tooDeepLine(lines: string[]): number | undefined {
  let depth = 0;
  for (let index = 0; index < lines.length; index++) {
    if (lines[index].trim() === '') depth = 0;
    for (const tag of lines[index].matchAll(/<(\/?)(?![\d/])/g)) {
      depth = tag[1] ? Math.max(0, depth - 1) : depth + 1;
      if (depth > MAX_TAG_DEPTH) return index + 1;
    }
  }
  return undefined;
}

/** The 1-based line numbers of the cue timing lines (the lines holding `-->`), in order. */
function timingLines(lines: string[]): number[] {
  const out: number[] = [];
  lines.forEach((line, index) => {
    if (line.includes('-->')) out.push(index + 1);
  });
  return out;
}

/**
 * Reads format `vtt` (spec 4.13 rule 2) with the W3C's WebVTT parser (`webvtt-parser`). A cue's
 * speaker is its `<v Name>` voice tag, else a `Name:` label at the start of its text, else none.
 * Consecutive cues of the same speaker form one turn, starting at the first cue. The text could not
 * be read when it lacks the `WEBVTT` signature or when any cue's timing line is invalid (the cue
 * would be lost): the detail names the line. Other defects the parser reports (an unknown tag, a
 * stray `&`) keep the text and are tolerated.
 */
export function readWebVtt(text: string): ReadResult {
  const lines = text.split(/\r\n|\r|\n/);
  const deep = tooDeepLine(lines);
  if (deep !== undefined) return unreadable(deep, `line ${deep} nests tags more than ${MAX_TAG_DEPTH} deep`);
  const parsed = new webvtt.WebVTTParser(VTT_ENTITIES).parse(text, 'metadata');
  const signature = parsed.errors.find((error) => error.line === 1 && /signature/i.test(error.message));
  if (signature) return unreadable(1, 'line 1 must be the WebVTT signature "WEBVTT" (format vtt)');
  const timings = timingLines(lines);
  if (parsed.cues.length < timings.length) {
    const timingSet = new Set(timings);
    const failed = parsed.errors.find((error) => timingSet.has(error.line)) ?? parsed.errors[0];
    const line = failed?.line ?? timings[parsed.cues.length];
    return unreadable(line, `line ${line} is not a valid WebVTT cue timing (${failed?.message ?? 'the cue could not be read'})`);
  }
  const cues: Cue[] = parsed.cues.map((cue) => {
    const read = flatten(cue.tree.children);
    let body = clean(read.text).trim();
    let voice = read.voice === null ? null : clean(read.voice);
    if (voice === null) {
      const label = INLINE_LABEL.exec(body);
      if (label && label[1].trim().split(/\s+/).length <= MAX_LABEL_WORDS) {
        voice = label[1].trim();
        body = body.slice(label[0].length).trim();
      }
    }
    return { voice, text: body, startSec: cue.startTime, endSec: cue.endTime };
  });
  const segments: ReadSegment[] = [];
  cues.forEach((cue, index) => {
    const previous = segments[segments.length - 1];
    if (previous && previous.label === cue.voice) {
      if (cue.text) previous.text = previous.text ? `${previous.text}\n${cue.text}` : cue.text;
      previous.endSec = cue.endSec;
      return;
    }
    segments.push({ label: cue.voice, text: cue.text, startSec: cue.startSec, endSec: cue.endSec, line: timings[index] ?? 0 });
  });
  if (segments.length > MAX_SEGMENTS) return tooManySegments(segments[MAX_SEGMENTS].line);
  return segmentLengthProblem(segments) ?? { ok: true, segments };
}
