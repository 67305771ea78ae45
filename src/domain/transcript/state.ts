import type { TranscriptEvent, TranscriptReceived } from './events.js';
import type { TranscriptStatus } from './intake.js';

export interface TranscriptState {
  /** The record made at intake; undefined before the call was received. */
  received?: TranscriptReceived['data'];
  status?: TranscriptStatus;
}

export const initialTranscriptState = (): TranscriptState => ({});

export function evolveTranscript(state: TranscriptState, event: TranscriptEvent): TranscriptState {
  switch (event.type) {
    case 'TranscriptReceived':
      return { ...state, received: event.data, status: event.data.status };
    case 'TranscriptExtractionStarted':
      return { ...state, status: 'extracting' };
    case 'TranscriptExtracted':
      return { ...state, status: 'done' };
    case 'TranscriptExtractionFailed':
      return { ...state, status: 'failed' };
    case 'TranscriptJudgedInternal':
      return { ...state, status: 'skipped' };
  }
}

/** Extraction still owes an outcome: queued, or started and interrupted. */
export const awaitsExtraction = (state: TranscriptState): boolean => state.status === 'queued' || state.status === 'extracting';
