import { expect } from 'chai';
import { DeciderSpecification } from '../../support/decider-spec.js';
import { userDecider } from '../../../src/domain/user/decider.js';
import type { UserEvent } from '../../../src/domain/user/events.js';
import { healthScore } from '../../../src/domain/user/health.js';

const now = new Date('2026-06-01T12:00:00.000Z');
const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000).toISOString();
const items = (sentiment: 'positive' | 'neutral' | 'negative', count: number, age = 1) =>
  Array.from({ length: count }, () => ({ sentiment, createdAt: daysAgo(age) }));

describe('User health score (issue 9, health)', () => {
  it('is 60 for a user with nothing to go on', () => {
    expect(healthScore({ feedback: [], openNegativeThemes: 0 }, now)).to.equal(60);
  });

  it('follows the sentiment of recent feedback, within ±30', () => {
    expect(healthScore({ feedback: items('positive', 3), openNegativeThemes: 0 }, now)).to.equal(90);
    expect(healthScore({ feedback: items('negative', 3), openNegativeThemes: 0 }, now)).to.equal(30);
    expect(healthScore({ feedback: [...items('negative', 1), ...items('positive', 1)], openNegativeThemes: 0 }, now)).to.equal(60);
  });

  it('weighs recent feedback more (half-life 30 days) and ignores items older than 90 days', () => {
    const recentPraiseOldComplaint = healthScore({ feedback: [...items('positive', 1, 1), ...items('negative', 1, 60)], openNegativeThemes: 0 }, now);
    expect(recentPraiseOldComplaint).to.be.greaterThan(60);
    expect(healthScore({ feedback: items('negative', 5, 91), openNegativeThemes: 0 }, now)).to.equal(60);
  });

  it('takes 25 off for a lost customer value, 10 for a shrunk one, and 5 per unresolved theme complained in (at most 3)', () => {
    expect(healthScore({ feedback: [], customerValue: { current: 0, lastPositive: 49, lostAt: daysAgo(2) }, openNegativeThemes: 0 }, now)).to.equal(35);
    expect(healthScore({ feedback: [], customerValue: { current: 20, lastPositive: 49, lostAt: null }, openNegativeThemes: 0 }, now)).to.equal(50);
    expect(healthScore({ feedback: [], customerValue: { current: 49, lastPositive: 49, lostAt: null }, openNegativeThemes: 0 }, now)).to.equal(60);
    expect(healthScore({ feedback: [], openNegativeThemes: 7 }, now)).to.equal(45);
    expect(
      healthScore({ feedback: items('negative', 2), customerValue: { current: 0, lastPositive: 9, lostAt: daysAgo(1) }, openNegativeThemes: 3 }, now),
    ).to.equal(0);
  });
});

describe('User decider: health bands (spec 6, user.health_changed)', () => {
  const spec = DeciderSpecification.for(userDecider);
  const ref = { projectId: 'prj_1', userId: 'ana' };
  const at = now.toISOString();
  const record = (score: number, triggeredByFeedbackId: string | null = 'fb_1') => ({
    type: 'RecordHealth' as const,
    ...ref,
    score,
    triggeredByFeedbackId,
    at,
  });
  const entered = (score: number): UserEvent => ({ type: 'UserHealthChanged', data: { ...ref, score, band: 'at_risk', triggeredByFeedbackId: 'fb_1', at } });
  const recovered = (score: number): UserEvent => ({ type: 'UserHealthRecovered', data: { ...ref, score, at } });

  it('records entering the at-risk band (below 40)', () => {
    spec
      .given([])
      .when(record(39))
      .then([entered(39)]);
  });

  it('records nothing while the user stays in a band, healthy or at risk', () => {
    spec.given([]).when(record(40)).thenNothing();
    spec
      .given([entered(30)])
      .when(record(12))
      .thenNothing();
  });

  it('records leaving the band, so entering it again is a new change', () => {
    spec
      .given([entered(30)])
      .when(record(55))
      .then([recovered(55)]);
    spec
      .given([entered(30), recovered(55)])
      .when(record(20))
      .then([entered(20)]);
  });
});
