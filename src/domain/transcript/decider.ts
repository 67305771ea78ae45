import type { Decider } from '../decider.js';
import { decideTranscript, type TranscriptCommand } from './decide.js';
import type { TranscriptEvent } from './events.js';
import { evolveTranscript, initialTranscriptState, type TranscriptState } from './state.js';

export const transcriptDecider: Decider<TranscriptState, TranscriptCommand, TranscriptEvent> = {
  initialState: initialTranscriptState,
  evolve: evolveTranscript,
  decide: decideTranscript,
};
