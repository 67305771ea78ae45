import type { TranscriptEvent, TranscriptReceived } from './events.js';

export interface TranscriptState {
  /** The record made at intake; undefined before the call was received. */
  received?: TranscriptReceived['data'];
}

export const initialTranscriptState = (): TranscriptState => ({});

export function evolveTranscript(state: TranscriptState, event: TranscriptEvent): TranscriptState {
  switch (event.type) {
    case 'TranscriptReceived':
      return { ...state, received: event.data };
  }
}
