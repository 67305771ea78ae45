import { expect } from 'chai';
import type * as Analyzer from '../../../src/analysis/analyzer.js';
import { EMOTIONS, FEEDBACK_TYPES, SENTIMENTS } from '../../../src/analysis/analyzer.js';
import type * as Recorded from '../../../src/domain/feedback/analysis-values.js';

/** True only when each type is assignable to the other; the compiler checks the tuple below. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

describe('the values feedback events record', () => {
  it('are the analyzer port’s values', () => {
    const same: [
      Same<Recorded.Sentiment, Analyzer.Sentiment>,
      Same<Recorded.FeedbackType, Analyzer.FeedbackType>,
      Same<Recorded.Emotion, Analyzer.Emotion>,
      Same<Recorded.Embedding, Analyzer.Embedding>,
    ] = [true, true, true, true];
    expect(same).to.deep.equal([true, true, true, true]);
    const recorded: { sentiments: Recorded.Sentiment[]; types: Recorded.FeedbackType[]; emotions: Recorded.Emotion[] } = {
      sentiments: [...SENTIMENTS],
      types: [...FEEDBACK_TYPES],
      emotions: [...EMOTIONS],
    };
    expect(recorded.emotions).to.have.length(8);
  });
});
