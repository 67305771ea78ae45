import { questionSubject as subjectWith } from '../domain/question/topic.js';
import { readResource } from './resource-files.js';

const framingWords: ReadonlySet<string> = new Set(readResource<string[]>('questions/framing-words.json').data);

/** The subject of a tracked question: its text without the framing words (`resources/questions/framing-words.json`). */
export const questionSubject = (text: string): string => subjectWith(text, framingWords);
