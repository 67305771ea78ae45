import type { FeedbackEvent, FeedbackSubmitted } from '../../../src/domain/feedback/events.js';
import type { UserEvent, UserIdentified } from '../../../src/domain/user/events.js';
import { usersProjection } from '../../../projections/users/projection.js';
import { ProjectionSpecification } from '../../support/projection-spec.js';

const T1 = '2026-01-01T00:00:00.000Z';
const T2 = '2026-02-01T00:00:00.000Z';
const T3 = '2026-03-01T00:00:00.000Z';

const identified = (data: Partial<UserIdentified['data']>): UserIdentified => ({
  type: 'UserIdentified',
  data: { projectId: 'p1', userId: 'u1', traitsSet: {}, numbersSet: {}, traitsRemoved: [], traitsIgnored: [], byKeyType: 'secret', at: T1, ...data },
});
const submitted = (feedbackId: string, userId: string | null, createdAt: string): FeedbackEvent => ({
  type: 'FeedbackSubmitted',
  data: {
    feedbackId,
    projectId: 'p1',
    text: 'Export is slow',
    userId,
    email: null,
    source: 'api',
    metadata: {},
    createdAt,
    receivedAt: createdAt,
    redactions: {},
  } satisfies FeedbackSubmitted['data'],
});
const submittedByEmail = (feedbackId: string, email: string, createdAt: string): FeedbackEvent => {
  const event = submitted(feedbackId, null, createdAt) as { type: 'FeedbackSubmitted'; data: FeedbackSubmitted['data'] };
  return { ...event, data: { ...event.data, email } };
};
const deleted = (feedbackId: string): FeedbackEvent => ({ type: 'FeedbackDeleted', data: { feedbackId, projectId: 'p1', deletedAt: T3, clusterId: null } });

const USERS = `SELECT project_id, user_id, traits, first_seen_at, last_seen_at, feedback_count FROM users ORDER BY project_id, user_id`;
const MARKS = `SELECT trait, current::text AS current, last_positive::text AS last_positive, last_positive_at, paying_since, lost_at
                 FROM user_value_marks ORDER BY trait`;

describe('users projection (spec 2.3)', () => {
  let spec: ProjectionSpecification;
  before(async () => (spec = await ProjectionSpecification.for(usersProjection)));
  after(() => spec.close());

  it('given identify calls, then the merged traits (numbers as numbers) and the first and last call as sightings', async () => {
    await spec
      .given([
        identified({ traitsSet: { plan: 'free', beta: true } }),
        identified({ traitsSet: { plan: 'pro' }, numbersSet: { mrr: '49.99' }, traitsRemoved: ['beta'], at: T2 }),
      ])
      .thenRows(USERS, [
        { project_id: 'p1', user_id: 'u1', traits: { plan: 'pro', mrr: 49.99 }, first_seen_at: new Date(T1), last_seen_at: new Date(T2), feedback_count: 0 },
      ]);
  });

  it('given numbers from a secret key, then value marks as exact decimals; a null removes its mark', async () => {
    const calls = [identified({ numbersSet: { mrr: '0', seats: '3' } }), identified({ numbersSet: { mrr: '49.99' }, at: T2 })];
    await spec.given(calls).thenRows(MARKS, [
      { trait: 'mrr', current: '49.99', last_positive: '49.99', last_positive_at: new Date(T2), paying_since: new Date(T2), lost_at: null },
      { trait: 'seats', current: '3', last_positive: '3', last_positive_at: new Date(T1), paying_since: null, lost_at: null },
    ]);
    await spec
      .given([...calls, identified({ traitsRemoved: ['seats'], at: T3 })])
      .thenRows(MARKS, [{ trait: 'mrr', current: '49.99', last_positive: '49.99', last_positive_at: new Date(T2), paying_since: new Date(T2), lost_at: null }]);
  });

  it('given a widget call, then nothing is marked, whatever it carries', async () => {
    await spec.given([identified({ traitsSet: { locale: 'de' }, numbersSet: { seats: '3' }, byKeyType: 'widget' })]).thenRows(MARKS, []);
  });

  it("given feedback with a userId and no identify call, then the user is seen at the items' createdAt", async () => {
    await spec
      .given([submitted('fb1', 'u1', T2), submitted('fb2', 'u1', T1), submitted('fb3', null, T3)])
      .thenRows(USERS, [{ project_id: 'p1', user_id: 'u1', traits: {}, first_seen_at: new Date(T1), last_seen_at: new Date(T2), feedback_count: 2 }]);
  });

  it('given identify calls and feedback, then the sightings span both', async () => {
    await spec
      .given([identified({ at: T2 }), submitted('fb1', 'u1', T1), submitted('fb2', 'u1', T3)])
      .thenRows(USERS, [{ project_id: 'p1', user_id: 'u1', traits: {}, first_seen_at: new Date(T1), last_seen_at: new Date(T3), feedback_count: 2 }]);
  });

  it('when items are deleted, then count and sightings are as if they had never been (their streams are erased)', async () => {
    await spec
      .given([identified({ at: T2 }), submitted('fb1', 'u1', T1), submitted('fb2', 'u1', T3)])
      .when([deleted('fb1'), deleted('fb2')])
      .thenRows(USERS, [{ project_id: 'p1', user_id: 'u1', traits: {}, first_seen_at: new Date(T2), last_seen_at: new Date(T2), feedback_count: 0 }]);
  });

  it('when the only items of a user never identified are deleted, then the user is gone', async () => {
    await spec
      .given([submitted('fb1', 'u2', T1), submitted('fb2', 'u2', T2)])
      .when([deleted('fb1'), deleted('fb2'), deleted('fb-unknown')])
      .thenRows(USERS, []);
  });

  it('given a band change of a shadow user (its userId is its email) whose only item is then deleted, then the user is gone but its band history is kept until its erasure', async () => {
    const email = 'ana@example.com';
    const byEmail = submittedByEmail('fb1', email, T1);
    const entered: UserEvent = {
      type: 'UserHealthChanged',
      data: { projectId: 'p1', userId: email, score: 20, band: 'at_risk', triggeredByFeedbackId: 'fb1', reasons: [], shadow: true, at: T1 },
    };
    const HISTORY = `SELECT project_id, user_id FROM user_band_history ORDER BY user_id`;
    await spec
      .given([byEmail, entered])
      .when([deleted('fb1')])
      .thenRows(USERS, []);
    await spec.given([byEmail, entered, deleted('fb1')]).thenRows(HISTORY, [{ project_id: 'p1', user_id: email }]);
    await spec
      .given([byEmail, entered, deleted('fb1')])
      .when([{ type: 'UserErased', data: { projectId: 'p1', userId: email, requestId: 'del_1', at: T2 } }])
      .thenRows(HISTORY, []);
  });
});
