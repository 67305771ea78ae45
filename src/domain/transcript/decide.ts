import { Conflict } from '../errors.js';
import type { TranscriptEvent, TranscriptReceived } from './events.js';
import type { TranscriptState } from './state.js';

export type TranscriptCommand = { type: 'ReceiveTranscript'; record: TranscriptReceived['data'] };

/** The external_id was received before in this project: the caller answers with the existing record (rule 10). */
export class TranscriptAlreadyReceived extends Conflict {
  constructor(readonly transcriptId: string) {
    super(`Transcript ${transcriptId} was received already`);
  }
}

export function decideTranscript(command: TranscriptCommand, state: TranscriptState): TranscriptEvent[] {
  switch (command.type) {
    case 'ReceiveTranscript':
      if (state.received) throw new TranscriptAlreadyReceived(state.received.transcriptId);
      return [{ type: 'TranscriptReceived', data: command.record }];
  }
}
