import { expect } from 'chai';
import { DeciderSpecification } from '../../support/decider-spec.js';
import { trackedQuestionsDecider } from '../../../src/domain/question/decider.js';
import type { QuestionEvent, VerdictCounts } from '../../../src/domain/question/events.js';
import { questionSubject } from '../../../src/resources/questions.js';
import { verdictOf } from '../../../src/domain/question/verdict.js';
import { Conflict, Invalid, NotFound } from '../../../src/domain/errors.js';

const spec = DeciderSpecification.for(trackedQuestionsDecider);
const projectId = 'prj_1';
const now = '2026-03-01T12:00:00.000Z';
const ref = (questionId: string) => ({ projectId, questionId });

const tracked = (questionId: string, text = 'Are customers happy with the new onboarding?', about = 'new onboarding'): QuestionEvent => ({
  type: 'QuestionTracked',
  data: { ...ref(questionId), text, about, trackedAt: now },
});
const counts = (positive: number, negative: number, neutral = 0): VerdictCounts => ({ matching: positive + negative + neutral, positive, negative, neutral });
const evaluate = (questionId: string, c: VerdictCounts) => ({ type: 'RecordQuestionEvaluation' as const, ...ref(questionId), counts: c, now });
const changed = (questionId: string, from: string, to: string, c: VerdictCounts) =>
  ({ type: 'QuestionVerdictChanged', data: { ...ref(questionId), from, to, counts: c, changedAt: now } }) as QuestionEvent;
const embedding = { model: 'use-lite-512', dimensions: 3, vector: [0.1, 0.2, 0.3] };

describe('Tracked questions decider (question.verdict_changed)', () => {
  it('tracks a question with its trimmed text, starting with no verdict to speak of', () => {
    spec
      .given([])
      .when({
        type: 'TrackQuestion',
        ...ref('q_1'),
        text: '  Are customers happy with the new onboarding?  ',
        subject: questionSubject('  Are customers happy with the new onboarding?  '),
        now,
      })
      .then([tracked('q_1')]);
  });

  it('matches feedback about the subject given, or the question without its framing words', () => {
    spec
      .given([])
      .when({
        type: 'TrackQuestion',
        ...ref('q_1'),
        text: 'Is the redesign working?',
        about: ' dashboard redesign ',
        subject: questionSubject('Is the redesign working?'),
        now,
      })
      .then([tracked('q_1', 'Is the redesign working?', 'dashboard redesign')]);
    expect(questionSubject('How do people feel about the mobile app speed?')).to.equal('mobile app speed');
    expect(questionSubject('What do clients think of our pricing?')).to.equal('pricing');
    expect(questionSubject('Are they happy?')).to.equal('Are they happy?');
    spec
      .given([])
      .when({ type: 'TrackQuestion', ...ref('q_1'), text: 'Fine?', about: ' ', subject: questionSubject('Fine?'), now })
      .thenThrows(Invalid, (error) => error.problems[0].field === 'about');
  });

  it('refuses empty, over-long, control-character and broken-Unicode text, naming the field', () => {
    for (const text of ['   ', 'x'.repeat(501), 'line\u0000NUL', 'cut \ud83d']) {
      spec
        .given([])
        .when({ type: 'TrackQuestion', ...ref('q_1'), text, subject: questionSubject(text), now })
        .thenThrows(Invalid, (error) => error.problems[0].field === 'text');
    }
  });

  it('tracks at most 20 questions per project, and one more after an untrack', () => {
    const twenty = Array.from({ length: 20 }, (_, i) => tracked(`q_${i}`));
    spec
      .given(twenty)
      .when({ type: 'TrackQuestion', ...ref('q_x'), text: 'Is search good?', subject: questionSubject('Is search good?'), now })
      .thenThrows(Conflict);
    spec
      .given([...twenty, { type: 'QuestionUntracked', data: { ...ref('q_3'), untrackedAt: now } }])
      .when({ type: 'TrackQuestion', ...ref('q_x'), text: 'Is search good?', subject: questionSubject('Is search good?'), now })
      .then([tracked('q_x', 'Is search good?', 'search')]);
  });

  it('untracks a tracked question; an unknown or untracked one is not found', () => {
    spec
      .given([tracked('q_1')])
      .when({ type: 'UntrackQuestion', ...ref('q_1'), now })
      .then([{ type: 'QuestionUntracked', data: { ...ref('q_1'), untrackedAt: now } }]);
    spec
      .given([])
      .when({ type: 'UntrackQuestion', ...ref('q_1'), now })
      .thenThrows(NotFound);
    spec
      .given([tracked('q_1'), { type: 'QuestionUntracked', data: { ...ref('q_1'), untrackedAt: now } }])
      .when({ type: 'UntrackQuestion', ...ref('q_1'), now })
      .thenThrows(NotFound);
  });

  it('records a first verdict when enough opinions arrive, and nothing while it stays the same', () => {
    spec
      .given([tracked('q_1')])
      .when(evaluate('q_1', counts(6, 1, 3)))
      .then([changed('q_1', 'insufficient', 'positive', counts(6, 1, 3))]);
    spec
      .given([tracked('q_1'), changed('q_1', 'insufficient', 'positive', counts(6, 1))])
      .when(evaluate('q_1', counts(9, 2)))
      .thenNothing();
  });

  it('records a flip from mixed to negative', () => {
    spec
      .given([tracked('q_1'), changed('q_1', 'insufficient', 'mixed', counts(3, 3))])
      .when(evaluate('q_1', counts(2, 8)))
      .then([changed('q_1', 'mixed', 'negative', counts(2, 8))]);
  });

  it('drops results for a question untracked meanwhile', () => {
    spec
      .given([tracked('q_1'), { type: 'QuestionUntracked', data: { ...ref('q_1'), untrackedAt: now } }])
      .when(evaluate('q_1', counts(9, 0)))
      .thenNothing();
  });

  it('records the question vector once per model', () => {
    const embedded: QuestionEvent = { type: 'QuestionEmbedded', data: { ...ref('q_1'), embedding, embeddedAt: now } };
    spec
      .given([tracked('q_1')])
      .when({ type: 'RecordQuestionEmbedding', ...ref('q_1'), embedding, now })
      .then([embedded]);
    spec
      .given([tracked('q_1'), embedded])
      .when({ type: 'RecordQuestionEmbedding', ...ref('q_1'), embedding, now })
      .thenNothing();
  });
});

describe('Question verdict rule', () => {
  it('is insufficient below five opinions, neutral items not counting as opinions', () => {
    expect(verdictOf(counts(2, 2, 40))).to.equal('insufficient');
    expect(verdictOf(counts(5, 0))).to.equal('positive');
  });

  it('needs 70 % of the opinions on one side, otherwise mixed', () => {
    expect(verdictOf(counts(7, 3))).to.equal('positive');
    expect(verdictOf(counts(6, 4))).to.equal('mixed');
    expect(verdictOf(counts(3, 7))).to.equal('negative');
  });
});
