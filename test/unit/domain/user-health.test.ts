import { expect } from 'chai';
import { DeciderSpecification } from '../../support/decider-spec.js';
import { userDecider } from '../../../src/domain/user/decider.js';
import type { UserEvent } from '../../../src/domain/user/events.js';
import type { HealthInputs, HealthItem, HealthReason } from '../../../src/domain/user/health.js';
import { assessHealth, HEALTH_MODEL } from '../../../src/resources/health-model.js';
import { recordChange } from '../../../src/domain/user/value-change.js';

const now = new Date('2026-06-01T12:00:00.000Z');
const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000).toISOString();

let nextId = 0;
/** An analysed item; by default a fresh, clearly negative bug report in no theme yet. */
const item = (overrides: Partial<HealthItem> & { age?: number } = {}): HealthItem => {
  const { age = 1, ...rest } = overrides;
  nextId += 1;
  return {
    feedbackId: `fb_${nextId}`,
    createdAt: daysAgo(age),
    sentiment: 'negative',
    sentimentScore: -0.9,
    type: 'bug',
    churnRisk: false,
    theme: null,
    ...rest,
  };
};
const complaint = (age = 1, overrides: Partial<HealthItem> = {}) => item({ age, ...overrides });
const threat = (age = 1, overrides: Partial<HealthItem> = {}) => item({ age, churnRisk: true, type: 'complaint', ...overrides });
const praise = (age = 1) => item({ age, sentiment: 'positive', sentimentScore: 0.9, type: 'praise' });
const request = (age = 1) => item({ age, sentiment: 'neutral', sentimentScore: 0, type: 'feature_request' });
const question = (age = 1) => item({ age, sentiment: 'neutral', sentimentScore: 0, type: 'question' });
const resolvedTheme = (resolvedDaysAgo: number | null, clusterId = 'cl_fixed') => ({
  clusterId,
  resolved: true,
  resolvedAt: resolvedDaysAgo === null ? null : daysAgo(resolvedDaysAgo),
});
const openTheme = (clusterId = 'cl_open') => ({ clusterId, resolved: false, resolvedAt: null });
const lost = (lostDaysAgo: number, previous = 1200): HealthInputs['customerValue'] => ({
  current: 0,
  previous,
  changedAt: daysAgo(lostDaysAgo),
  lostAt: daysAgo(lostDaysAgo),
});
const changed = (previous: number, current: number, changedDaysAgo: number): HealthInputs['customerValue'] => ({
  current,
  previous,
  changedAt: daysAgo(changedDaysAgo),
  lostAt: null,
});

const assess = (feedback: HealthItem[], customerValue?: HealthInputs['customerValue'], at = now) => assessHealth({ feedback, customerValue }, at);
const reason = (reasons: HealthReason[], factor: HealthReason['factor']) => reasons.find((r) => r.factor === factor);
const sumOfPoints = (reasons: HealthReason[]) => reasons.reduce((sum, r) => sum + r.points, 0);

describe('Customer health model (src/domain/user/health.ts)', () => {
  describe('given nothing to go on', () => {
    it('when assessed, then the user is healthy at the baseline, with no reasons', () => {
      expect(assess([])).to.deep.equal({ score: HEALTH_MODEL.baseline, band: 'healthy', atRisk: false, reasons: [] });
    });
  });

  describe('given one ordinary complaint', () => {
    it('when fresh, then the score moves a little, into watch, never into the at-risk band', () => {
      const pdf = complaint(2, { sentimentScore: -1 });
      const health = assess([pdf]);
      expect(health.band).to.equal('watch');
      expect(health.score).to.be.within(50, 64);
      expect(reason(health.reasons, 'open_problems')).to.deep.include({ feedbackIds: [pdf.feedbackId] });
    });

    it('when it is a feature request or a question, then it is no complaint and costs nothing', () => {
      const health = assess([request(1), question(2)]);
      expect(health.score).to.equal(HEALTH_MODEL.baseline);
      expect(health.reasons).to.have.length(1);
      expect(health.reasons[0]).to.deep.include({ factor: 'requests_and_questions', points: 0 });
    });

    it('when months old, then the user is healthy again', () => {
      expect(assess([complaint(120)]).band).to.equal('healthy');
    });
  });

  describe('given the entry rule of the at-risk band', () => {
    it('when there are only two complaints, however angry, in open themes, and a negative feature request, then the score stops at 40', () => {
      const angry = { sentimentScore: -1, theme: openTheme() };
      const health = assess([complaint(1, angry), complaint(2, angry), item({ age: 1, sentiment: 'negative', type: 'feature_request' })]);
      expect(health.score).to.be.at.least(40);
      expect(health.atRisk).to.equal(false);
    });

    it('when three open problem reports fall within 30 days, then the complaints are sustained (several at once) and the user enters the band', () => {
      const reports = [complaint(26), complaint(15), complaint(4)];
      const health = assess(reports);
      expect(health.band).to.equal('at_risk');
      expect(reason(health.reasons, 'repeated_problems')?.feedbackIds).to.have.members(reports.map((r) => r.feedbackId));
    });

    it('when the same three reports are spread over 80 days, then they are not sustained: watch', () => {
      expect(assess([complaint(80), complaint(50), complaint(20)]).band).to.equal('watch');
    });

    it('when three open reports go on over at least 14 days within 60 days, then the complaints are sustained: at risk, and the reason says over how long', () => {
      const reports = [complaint(55, { sentimentScore: -0.5 }), complaint(35, { sentimentScore: -0.5 }), complaint(20, { sentimentScore: -0.5 })];
      const health = assess(reports);
      expect(health.band).to.equal('at_risk');
      expect(reason(health.reasons, 'repeated_problems')?.text).to.equal(
        'Reported 3 problems over 35 days, none resolved yet: sustained unhappiness, latest on 12 May',
      );
    });

    it('when a negative message is neither a bug nor a complaint by type, then it is a problem report; a negative question is not', () => {
      const rant = item({ age: 2, sentiment: 'negative', sentimentScore: -0.8, type: 'other' });
      expect(reason(assess([rant]).reasons, 'open_problems')?.feedbackIds).to.deep.equal([rant.feedbackId]);
      const askedAngrily = item({ age: 2, sentiment: 'negative', sentimentScore: -0.8, type: 'question' });
      expect(reason(assess([askedAngrily]).reasons, 'negative_feedback')?.points).to.equal(-3);
    });
  });

  describe('given follow-ups: plain messages within weeks of an open problem report', () => {
    const plain = (age: number, overrides: Partial<HealthItem> = {}) => item({ age, sentiment: 'neutral', sentimentScore: 0, type: 'other', ...overrides });

    it('when a customer chases an open problem twice in neutral words over three weeks, then the chasers count as problem reports and the complaints are sustained: at risk', () => {
      const report = complaint(20, { sentimentScore: -0.7 });
      const chasers = [plain(11), plain(2)];
      const health = assess([report, ...chasers]);
      expect(health.band).to.equal('at_risk');
      expect(reason(health.reasons, 'open_problems')?.feedbackIds).to.have.members([report.feedbackId, ...chasers.map((c) => c.feedbackId)]);
      expect(reason(health.reasons, 'repeated_problems')?.feedbackIds).to.have.length(3);
    });

    it('when the plain message came first and two problem reports followed within weeks, then it is the first report of the problem: at risk', () => {
      expect(assess([plain(21), complaint(11), complaint(4)]).band).to.equal('at_risk');
    });

    it('when the same plain messages come without any problem report, then they cost nothing: healthy', () => {
      const health = assess([plain(24), plain(13), plain(2)]);
      expect(health.band).to.equal('healthy');
      expect(health.score).to.equal(HEALTH_MODEL.baseline);
    });

    it('when the plain message is further from the report than the follow-up window, or only near another follow-up, then it is no follow-up', () => {
      const far = plain(2 + HEALTH_MODEL.followUp.withinDays + 10);
      expect(reason(assess([far, complaint(2)]).reasons, 'open_problems')?.feedbackIds).to.not.include(far.feedbackId);
      // A chaser of a chaser is not chained: a run of plain notes after one complaint stays one complaint and its follow-ups.
      const [report, chaser, later] = [complaint(40), plain(25), plain(12)];
      expect(reason(assess([report, chaser, later]).reasons, 'open_problems')?.feedbackIds).to.have.members([report.feedbackId, chaser.feedbackId]);
    });

    it('when the message after the report is praise, a question or a feature request, then it is no follow-up', () => {
      const health = assess([complaint(20), praise(12), question(8), request(2)]);
      expect(reason(health.reasons, 'open_problems')?.feedbackIds).to.have.length(1);
      expect(health.band).to.not.equal('at_risk');
    });

    it('when the report it would follow was fixed, then a plain message after it is no follow-up', () => {
      const fixed = complaint(24, { theme: resolvedTheme(20) });
      const health = assess([fixed, plain(13), plain(2)]);
      expect(reason(health.reasons, 'open_problems')).to.equal(undefined);
      expect(health.band).to.equal('healthy');
    });
  });

  describe('given the entry rule of the at-risk band, with customer value', () => {
    it('when the customer value shrank by 30 % days ago, even without a word, then at risk: money leaving is evidence; by 10 %, the user stays healthy', () => {
      expect(assess([], changed(1000, 700, 3)).band).to.equal('at_risk');
      expect(assess([], changed(1000, 900, 3)).band).to.equal('healthy');
    });

    it('when the customer value shrank by 30 % and the customer complained in the same months, then at risk: leaving in slices', () => {
      expect(assess([complaint(30, { sentimentScore: -0.5 })], changed(1000, 700, 30)).band).to.equal('at_risk');
    });

    it('when the value shrank a month ago, then it still weighs more than half: money lost fades slower than a complaint', () => {
      const points = reason(assess([], changed(1000, 500, 30)).reasons, 'value_shrunk')!.points;
      const fresh = reason(assess([], changed(1000, 500, 0)).reasons, 'value_shrunk')!.points;
      expect(points / fresh).to.be.closeTo(0.5 ** (30 / HEALTH_MODEL.valueHalfLifeDays), 0.03);
      expect(points / fresh).to.be.greaterThan(0.6);
    });

    it('when a complaint type is read only faintly positive, then it is still a problem report; a faintly negative remark is none', () => {
      const faintComplaint = complaint(2, { sentiment: 'positive', sentimentScore: 0.14, type: 'complaint' });
      expect(reason(assess([faintComplaint]).reasons, 'open_problems')?.feedbackIds).to.deep.equal([faintComplaint.feedbackId]);
      const faintRemark = item({ age: 2, sentiment: 'negative', sentimentScore: -0.11, type: 'other' });
      const health = assess([faintRemark]);
      expect(reason(health.reasons, 'open_problems')).to.equal(undefined);
      expect(health.band).to.equal('healthy');
    });

    it('when a fresh complaint comes from a customer who stopped paying, then they enter the band', () => {
      const health = assess([complaint(20)], lost(10));
      expect(health.band).to.equal('at_risk');
      expect(reason(health.reasons, 'value_lost')?.text).to.match(/^Stopped paying on 22 May \(customer value 1,200 → 0\)$/);
    });

    it('when the floor holds a score up, then a reason says so and the points still add up', () => {
      // Two fresh angry reports and three from over two months ago: below 40 by the points, but not sustained.
      const health = assess([complaint(1, { sentimentScore: -1 }), complaint(2, { sentimentScore: -1 }), complaint(62), complaint(62), complaint(62)]);
      expect(health.score).to.equal(40);
      expect(reason(health.reasons, 'kept_out_of_at_risk')?.points).to.be.greaterThan(0);
      expect(HEALTH_MODEL.baseline + sumOfPoints(health.reasons)).to.be.closeTo(health.score, 2);
    });
  });

  describe('given the rule that keeps a customer out of the healthy band', () => {
    it('when a long-time fan writes one mild complaint, then watch, whatever the praise before it', () => {
      const fan = [praise(20), praise(40), praise(60), praise(90), complaint(20, { sentimentScore: -0.2 })];
      const health = assess(fan);
      expect(health.band).to.equal('watch');
      expect(reason(health.reasons, 'kept_out_of_healthy')?.points).to.be.lessThan(0);
      expect(HEALTH_MODEL.baseline + sumOfPoints(health.reasons)).to.be.closeTo(health.score, 2);
    });

    it('when a problem was fixed days ago, then watch, even once the customer praised the fix: one more cycle to see it hold', () => {
      const fixed = [complaint(20, { theme: resolvedTheme(3) }), complaint(12, { theme: resolvedTheme(3) })];
      expect(assess(fixed).band).to.equal('watch');
      expect(assess([...fixed, praise(1)]).band).to.equal('watch');
    });

    it('when the fix is over two weeks old and the customer praised it, then healthy', () => {
      expect(assess([complaint(30, { theme: resolvedTheme(16) }), complaint(22, { theme: resolvedTheme(16) }), praise(10)]).band).to.equal('healthy');
    });

    it('when the team resolved the theme of a message the analysis read as neutral, then it counts as a reported problem, fixed', () => {
      const neutral = item({ age: 15, sentiment: 'neutral', sentimentScore: 0, type: 'other', theme: resolvedTheme(5) });
      const health = assess([neutral]);
      expect(health.band).to.equal('watch');
      expect(reason(health.reasons, 'resolved_problems')?.feedbackIds).to.deep.equal([neutral.feedbackId]);
      expect(reason(health.reasons, 'kept_out_of_healthy')?.text).to.equal(
        'Not healthy while a problem reported in the last 30 days is open, or for 14 days after a fix, to see it hold (latest item 17 May)',
      );
    });

    it('when a question or a feature request sits in a resolved theme, then it stays no complaint', () => {
      const asked = item({ age: 15, sentiment: 'neutral', sentimentScore: 0, type: 'question', theme: resolvedTheme(5) });
      expect(assess([asked]).band).to.equal('healthy');
    });

    it('when the fix is weeks old, then it needs no confirmation', () => {
      expect(assess([complaint(40, { theme: resolvedTheme(25) })]).band).to.equal('healthy');
    });
  });

  describe('given a churn threat', () => {
    it('when fresh, then the user is at risk and the reason names the item and the day', () => {
      const said = threat(3);
      const health = assess([said]);
      expect(health.atRisk).to.equal(true);
      expect(health.reasons[0]).to.deep.equal({ factor: 'churn_threat', points: -61, feedbackIds: [said.feedbackId], text: 'Threatened to leave on 29 May' });
    });

    it('when about a month old and unanswered, then still at risk; at two months, watch', () => {
      expect(assess([threat(28)]).band).to.equal('at_risk');
      expect(assess([threat(60)]).band).to.equal('watch');
    });

    it('when its problem was fixed and the customer praised the fix, then watch, not healthy: trust takes longer', () => {
      const health = assess([threat(42, { theme: resolvedTheme(30) }), praise(25)]);
      expect(health.band).to.equal('watch');
      expect(reason(health.reasons, 'churn_threat')?.text).to.equal('Threatened to leave on 20 Apr (the problem has since been resolved)');
    });
  });

  describe('given the customer value', () => {
    it('when it was lost, then that alone puts a customer at risk, fading over months', () => {
      expect(assess([], lost(1)).band).to.equal('at_risk');
      expect(assess([], lost(95)).band).to.equal('watch');
    });

    it('when it shrank, then the points follow the share lost; a small cut is normal churn of seats', () => {
      expect(assess([], changed(1000, 900, 20)).band).to.equal('healthy');
      expect(assess([], changed(200, 100, 30)).band).to.equal('at_risk');
      const downgrade = assess([complaint(15, { sentimentScore: -0.6, type: 'complaint' })], changed(1000, 400, 7));
      expect(downgrade.band).to.equal('at_risk');
      expect(reason(downgrade.reasons, 'value_shrunk')?.text).to.equal('Customer value dropped from 1,000 to 400 on 25 May');
    });

    it('when it grew, then the score rises; the amount itself never counts (revenue decides priority, not the band)', () => {
      expect(assess([complaint(3)], changed(200, 600, 10)).score).to.be.greaterThan(assess([complaint(3)]).score);
      expect(assess([complaint(3)], { current: 100_000, previous: null, changedAt: null, lostAt: null }).score).to.equal(assess([complaint(3)]).score);
    });
  });

  describe('given improvement', () => {
    it('when the theme of the complaints is resolved, then they weigh less and the fix earns points', () => {
      const theme = openTheme('cl_export');
      const reports = [complaint(25, { theme }), complaint(18, { theme }), complaint(12, { theme })];
      const before = assess(reports);
      const after = assess(reports.map((r) => ({ ...r, theme: resolvedTheme(4, 'cl_export') })));
      expect(before.band).to.equal('at_risk');
      expect(after.band).not.to.equal('at_risk');
      expect(reason(after.reasons, 'problems_fixed')).to.deep.include({ text: 'A problem they reported was resolved, latest on 28 May' });
      expect(reason(after.reasons, 'problems_fixed')?.points).to.be.greaterThan(0);
    });

    it('when a fix is of unknown date, then the reports weigh less but the fix earns nothing', () => {
      const health = assess([complaint(10, { theme: resolvedTheme(null) })]);
      expect(reason(health.reasons, 'problems_fixed')).to.deep.include({ points: 0, text: 'A problem they reported was resolved' });
    });

    it('when positive feedback follows the latest complaint, then it counts more than praise before it', () => {
      const after = assess([complaint(20), praise(5)]);
      const before = assess([praise(20), complaint(5)]);
      expect(after.score).to.be.greaterThan(before.score);
    });
  });

  describe('given time passing without news', () => {
    it('then the score only moves back towards the baseline: nobody enters the at-risk band by waiting', () => {
      const histories: HealthItem[][] = [
        [threat(1), praise(1)],
        [complaint(1), complaint(3), complaint(5), praise(2), praise(20)],
        [complaint(2), praise(40), praise(60), request(1)],
        [threat(10, { theme: resolvedTheme(5) }), praise(3), complaint(28)],
      ];
      for (const feedback of histories) {
        let previous = assess(feedback, changed(900, 500, 3));
        for (let days = 1; days <= 200; days += 1) {
          const later = assess(feedback, changed(900, 500, 3), new Date(now.getTime() + days * 86_400_000));
          const towards = Math.sign(HEALTH_MODEL.baseline - previous.score);
          expect(Math.sign(later.score - previous.score) * towards, `day ${days}`).to.be.at.least(0);
          if (!previous.atRisk) expect(later.atRisk, `day ${days}`).to.equal(false);
          previous = later;
        }
      }
    });
  });

  describe('reasons', () => {
    it('are largest first, in plain words, and add up to the score', () => {
      const health = assess([threat(12), complaint(5), complaint(40, { theme: resolvedTheme(20) }), praise(2), question(3)], changed(100, 80, 6));
      const points = health.reasons.map((r) => Math.abs(r.points));
      expect(points).to.deep.equal([...points].sort((a, b) => b - a));
      expect(health.score).to.be.above(0);
      expect(HEALTH_MODEL.baseline + sumOfPoints(health.reasons)).to.be.closeTo(health.score, 2);
      for (const r of health.reasons) expect(r.text).to.match(/^[A-Z0-9]/);
    });
  });
});

describe('Latest change of a value mark (src/domain/user/value-change.ts)', () => {
  it('given a first amount, then no change; given another, the previous amount and when; given the same again, nothing new', () => {
    const first = recordChange(undefined, '1000', daysAgo(10));
    expect(first).to.deep.equal({ current: '1000', previous: null, changedAt: null });
    const cut = recordChange(first, '400', daysAgo(5));
    expect(cut).to.deep.equal({ current: '400', previous: '1000', changedAt: daysAgo(5) });
    expect(recordChange(cut, '400.0', daysAgo(1))).to.equal(cut);
  });

  it('given cuts in a row, then the previous amount is the one before the first cut; given a rise after them, the run starts again', () => {
    let change = recordChange(undefined, '1200', daysAgo(120));
    for (const [amount, age] of [
      ['700', 60],
      ['450', 30],
      ['430', 0],
    ] as const)
      change = recordChange(change, amount, daysAgo(age));
    expect(change).to.deep.equal({ current: '430', previous: '1200', changedAt: daysAgo(0) });
    expect(recordChange(change, '500', daysAgo(0))).to.deep.equal({ current: '500', previous: '430', changedAt: daysAgo(0) });
  });

  it('given a customer leaving in slices, then the health model reads the whole cut and puts them at risk with one mild complaint', () => {
    let change = recordChange(undefined, '1200', daysAgo(120));
    for (const [amount, age] of [
      ['1100', 90],
      ['700', 60],
      ['450', 30],
      ['430', 0],
    ] as const)
      change = recordChange(change, amount, daysAgo(age));
    const value = { current: 430, previous: Number(change.previous), changedAt: change.changedAt, lostAt: null };
    expect(assess([complaint(25, { sentimentScore: -0.4, type: 'complaint' })], value).band).to.equal('at_risk');
  });
});

describe('User decider: health bands (spec 6, user.health_changed)', () => {
  const spec = DeciderSpecification.for(userDecider);
  const ref = { projectId: 'prj_1', userId: 'ana' };
  const at = now.toISOString();
  const reasons: HealthReason[] = [{ factor: 'churn_threat', points: -57, feedbackIds: ['fb_1'], text: 'Threatened to leave on 29 May' }];
  const record = (score: number, triggeredByFeedbackId: string | null = 'fb_1') => ({
    type: 'RecordHealth' as const,
    ...ref,
    score,
    atRisk: score < HEALTH_MODEL.bands.atRiskBelow,
    reasons,
    triggeredByFeedbackId,
    at,
  });
  const entered = (score: number): UserEvent => ({
    type: 'UserHealthChanged',
    data: { ...ref, score, band: 'at_risk', triggeredByFeedbackId: 'fb_1', reasons, at },
  });
  const recovered = (score: number): UserEvent => ({ type: 'UserHealthRecovered', data: { ...ref, score, at } });

  it('records entering the at-risk band (below 40), with its reasons', () => {
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

  describe('a shadow user (known only by an email, which is its userId)', () => {
    const shadowRef = { projectId: 'prj_1', userId: 'ana@example.com' };
    const recordShadow = (score: number) => ({ ...record(score), ...shadowRef, shadow: true });
    const enteredShadow = (score: number): UserEvent => ({
      type: 'UserHealthChanged',
      data: { ...shadowRef, score, band: 'at_risk', triggeredByFeedbackId: 'fb_1', reasons, shadow: true, at },
    });

    it('records entering the band marked as a shadow user’s (a Slack alert, no user.health_changed)', () => {
      spec
        .given([])
        .when(recordShadow(25))
        .then([enteredShadow(25)]);
    });

    it('records leaving and entering again like an identified user’s', () => {
      spec
        .given([enteredShadow(25)])
        .when(recordShadow(12))
        .thenNothing();
      spec
        .given([enteredShadow(25)])
        .when(recordShadow(50))
        .then([{ type: 'UserHealthRecovered', data: { ...shadowRef, score: 50, at } }]);
    });

    it('an identified user scored with shadow false records no shadow mark', () => {
      spec
        .given([])
        .when({ ...record(39), shadow: false })
        .then([entered(39)]);
    });
  });
});
