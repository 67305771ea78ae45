import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { EMOTIONS, FEEDBACK_TYPES, SENTIMENTS, type Emotion, type FeedbackType, type Sentiment } from '../../analyzer.js';

export interface LabelledExample {
  text: string;
  sentiment: Sentiment;
  type: FeedbackType;
  emotions: Emotion[];
}

/** Parses one JSON object per line; blank lines are skipped. */
export async function readJsonl<T>(file: string): Promise<T[]> {
  const content = await readFile(file, 'utf8');
  return content
    .split('\n')
    .map((line, index) => ({ line: line.trim(), index }))
    .filter(({ line }) => line.length > 0)
    .map(({ line, index }) => {
      try {
        return JSON.parse(line) as T;
      } catch (error) {
        throw new Error(`${file}:${index + 1}: invalid JSON (${(error as Error).message})`);
      }
    });
}

export function validateExample(example: LabelledExample, where: string): LabelledExample {
  if (typeof example.text !== 'string' || example.text.trim() === '') throw new Error(`${where}: missing text`);
  if (!SENTIMENTS.includes(example.sentiment)) throw new Error(`${where}: bad sentiment ${example.sentiment}`);
  if (!FEEDBACK_TYPES.includes(example.type)) throw new Error(`${where}: bad type ${example.type}`);
  for (const e of example.emotions ?? []) if (!EMOTIONS.includes(e)) throw new Error(`${where}: bad emotion ${e}`);
  return { ...example, emotions: example.emotions ?? [] };
}

/** Every `*.jsonl` file of the training folder. */
export async function loadTrainingSet(dir: string): Promise<LabelledExample[]> {
  const files = (await readdir(dir)).filter((f) => f.endsWith('.jsonl')).sort();
  const sets = await Promise.all(
    files.map(async (f) => (await readJsonl<LabelledExample>(path.join(dir, f))).map((e, i) => validateExample(e, `${f}:${i + 1}`))),
  );
  return sets.flat();
}
