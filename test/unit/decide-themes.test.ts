import { expect } from 'chai';
import { clusterIdFor, decideThemes, spikeCounts, type BatchItem, type ThemeSnapshot, type ThemesDecided } from '../../src/domain/cluster/decide-themes.js';
import { keywordStems, type DefinedTheme } from '../../src/domain/cluster/defined-match.js';
import type { SnapshotTheme } from '../../src/domain/cluster/theme-overlay.js';
import { WorkflowSpecification } from '../support/workflow-spec.js';

const THRESHOLDS = { join: 0.8, merge: 0.7 };
const AT = '2026-11-27T12:00:00.000Z';
const NOW = Date.parse(AT);
const HOUR = 3_600_000;
const MODEL = 'm';

const spec = WorkflowSpecification.for((batch: BatchItem[], snapshot: ThemeSnapshot) => decideThemes(batch, snapshot, () => THRESHOLDS));
const given = (...themes: SnapshotTheme[]) => spec.given({ projectId: 'p1', themes, at: AT });
const item = (feedbackId: string, vector: number[], createdAt = NOW): BatchItem => ({ feedbackId, model: MODEL, vector, createdAt });
const theme = (clusterId: string, centroid: number[], more: Partial<SnapshotTheme> = {}): SnapshotTheme => ({
  clusterId,
  model: MODEL,
  centroid,
  size: 1,
  status: 'active',
  muted: false,
  spiking: false,
  autoMerge: true,
  reportTimes: [NOW - 10 * 24 * HOUR],
  ...more,
});
const types = (output: ThemesDecided) => output.decisions.map((decision) => decision.event.type);
const ref = (clusterId: string) => ({ clusterId, projectId: 'p1', at: AT });

describe('decideThemes: a batch of items placed into themes (given the themes near it, when the batch, then the events)', () => {
  it('given no theme, when one item, then it starts a theme named after it and is placed in it', () => {
    const id = clusterIdFor('f1', MODEL);
    given()
      .when([item('f1', [1, 0, 0])])
      .then({
        decisions: [
          { stream: 'cluster', clusterId: id, causedBy: 'f1', event: { type: 'ClusterCreated', data: { ...ref(id), model: MODEL } } },
          {
            stream: 'feedback',
            feedbackId: 'f1',
            causedBy: 'f1',
            event: { type: 'FeedbackClustered', data: { feedbackId: 'f1', projectId: 'p1', clusterId: id, similarity: 0, clusteredAt: AT } },
          },
        ],
        created: new Map([[id, ['f1']]]),
        labelsDue: new Set(),
        placements: new Map([['f1', id]]),
        themes: [{ ...theme(id, [1, 0, 0]), reportTimes: [NOW] }],
      });
  });

  it('given the versions of the data the vectors came from, when items, then every FeedbackClustered records them', () => {
    const versions = { vector: 'm@sha256:0123456789ab', taxonomy: 'sha256:ba9876543210', thresholds: 'sha256:00aa11bb22cc' };
    spec
      .given({ projectId: 'p1', themes: [theme('t1', [1, 0, 0])], at: AT, versions })
      .when([item('f1', [1, 0, 0]), item('f2', [0, 1, 0])])
      .thenMatches((output) => {
        const placed = output.decisions.filter((decision) => decision.event.type === 'FeedbackClustered');
        expect(placed.map((decision) => decision.event.data)).to.have.length(2);
        for (const decision of placed) expect(decision.event.data).to.have.property('versions').that.deep.equals(versions);
        const others = output.decisions.filter((decision) => decision.event.type !== 'FeedbackClustered');
        expect(others.map((decision) => decision.event.data)).to.have.length.above(0);
        for (const decision of others) expect(decision.event.data).not.to.have.property('versions');
      });
  });

  it('given a theme at or above the join threshold, when an item, then it joins it (and its label is due at a relabel size)', () => {
    given(theme('t1', [1, 0, 0]))
      .when([item('f1', [0.9, Math.sqrt(1 - 0.81), 0])])
      .thenMatches((output) => {
        expect(types(output)).to.deep.equal(['FeedbackClustered']);
        expect(output.decisions[0].event.data).to.include({ clusterId: 't1', similarity: 0.9 });
        expect(output.labelsDue).to.deep.equal(new Set(['t1']));
      });
  });

  it('given no theme, when two alike items, then the second joins the theme the first started (the overlay, not the snapshot)', () => {
    given()
      .when([item('f1', [1, 0, 0]), item('f2', [0.95, Math.sqrt(1 - 0.9025), 0])])
      .thenMatches((output) => {
        const id = clusterIdFor('f1', MODEL);
        expect(types(output)).to.deep.equal(['ClusterCreated', 'FeedbackClustered', 'FeedbackClustered']);
        expect(output.placements).to.deep.equal(
          new Map([
            ['f1', id],
            ['f2', id],
          ]),
        );
        expect(output.created).to.deep.equal(new Map([[id, ['f1', 'f2']]]));
        expect(output.labelsDue.size, 'a theme started in the batch is labelled from its texts, not again after').to.equal(0);
      });
  });

  it('given a resolved theme, when an item joins it, then the theme regresses before the item is placed, once', () => {
    given(theme('t1', [1, 0, 0], { status: 'resolved' }))
      .when([item('f1', [1, 0, 0]), item('f2', [1, 0, 0])])
      .thenMatches((output) => {
        expect(types(output)).to.deep.equal(['ClusterRegressed', 'FeedbackClustered', 'FeedbackClustered']);
        expect(output.decisions[0].event.data).to.deep.equal({ ...ref('t1'), triggeredByFeedbackId: 'f1' });
      });
  });

  it('given a muted theme with a burst of reports, when an item joins it, then it reopens silently and never spikes', () => {
    const recent = [1, 2, 3].map((h) => NOW - h * HOUR);
    given(theme('t1', [3, 0, 0], { size: 3, status: 'muted', muted: true, reportTimes: recent }))
      .when([item('f1', [1, 0, 0])])
      .thenMatches((output) => expect(types(output)).to.deep.equal(['ClusterReopened', 'FeedbackClustered']));
  });

  it('given a theme with three reports in the last day, when a fourth joins, then it spikes once, triggered by that item', () => {
    const recent = [1, 2, 3].map((h) => NOW - h * HOUR);
    given(theme('t1', [3, 0, 0], { size: 3, reportTimes: recent }))
      .when([item('f1', [1, 0, 0]), item('f2', [1, 0, 0])])
      .thenMatches((output) => {
        expect(types(output)).to.deep.equal(['FeedbackClustered', 'ClusterSpiking', 'FeedbackClustered']);
        expect(output.decisions[1].event.data).to.deep.equal({ ...ref('t1'), reportsLast24h: 4, priorDailyRate: 0, triggeredByFeedbackId: 'f1' });
      });
  });

  it('given a spiking theme, when a backfilled item far in the past joins it, then the spike goes on (the window ends at its newest report)', () => {
    const recent = [1, 2, 3, 4].map((h) => NOW - h * HOUR);
    given(theme('t1', [4, 0, 0], { size: 4, spiking: true, reportTimes: recent }))
      .when([item('f1', [1, 0, 0], NOW - 30 * 24 * HOUR)])
      .thenMatches((output) => expect(types(output)).to.deep.equal(['FeedbackClustered']));
  });

  it('given two themes apart, when an item joins one and pulls its centre towards the other, then the smaller is merged into the larger', () => {
    given(theme('a', [1, 0, 0]), theme('b', [0.6, 0.8, 0]))
      .when([item('f1', [Math.sqrt(3) / 2, 0.5, 0])])
      .thenMatches((output) => {
        expect(types(output)).to.deep.equal(['FeedbackClustered', 'ClusterMerged']);
        expect(output.decisions[0].event.data).to.include({ clusterId: 'b' });
        expect(output.decisions[1].event.data).to.deep.equal({ ...ref('a'), into: 'b' });
        expect(output.placements.get('f1')).to.equal('b');
        expect(output.labelsDue).to.deep.equal(new Set(['b']));
      });
  });

  it('given the same two themes, one shaped by a person, when the same item, then nothing is merged', () => {
    given(theme('a', [1, 0, 0], { autoMerge: false }), theme('b', [0.6, 0.8, 0]))
      .when([item('f1', [Math.sqrt(3) / 2, 0.5, 0])])
      .thenMatches((output) => expect(types(output)).to.deep.equal(['FeedbackClustered']));
  });

  it('given an empty defined theme, when an item names its keyword and another is alike in meaning only, then both join it, before any nearer discovered theme', () => {
    const refunds: DefinedTheme = {
      clusterId: 'refunds',
      definedAt: AT,
      keywords: [{ keyword: 'refund', phrases: [{ stems: keywordStems('refund', 'en') }] }],
      joinThreshold: THRESHOLDS.join,
    };
    const empty = theme('refunds', [], { size: 0, autoMerge: false, reportTimes: [] });
    spec
      .given({ projectId: 'p1', themes: [empty, theme('other', [1, 0, 0])], at: AT, defined: new Map([[MODEL, [refunds]]]) })
      .when([
        { ...item('f1', [1, 0, 0]), text: 'I want a refund for the broken blender', language: 'en' },
        { ...item('f2', [0.95, Math.sqrt(1 - 0.9025), 0]), text: 'Where is my money back?', language: 'en' },
      ])
      .thenMatches((output) => {
        expect(types(output)).to.deep.equal(['FeedbackClustered', 'FeedbackClustered']);
        expect(output.placements).to.deep.equal(
          new Map([
            ['f1', 'refunds'],
            ['f2', 'refunds'],
          ]),
        );
        expect(output.decisions[1].event.data).to.include({ similarity: 0.95 });
      });
  });

  it('given an example a person placed in one theme, when a like item arrives whose nearest centre is another theme, then it follows the example', () => {
    spec
      .given({
        projectId: 'p1',
        themes: [theme('a', [1, 0, 0]), theme('b', [0, 1, 0])],
        at: AT,
        examples: [{ clusterId: 'b', model: MODEL, vector: [0.9, Math.sqrt(1 - 0.81), 0] }],
      })
      .when([item('f1', [0.95, Math.sqrt(1 - 0.9025), 0])])
      .thenMatches((output) => {
        expect(output.placements.get('f1')).to.equal('b');
        expect(output.decisions[0].event.data).to.include({ clusterId: 'b' });
      });
  });

  it('given an example less like the item than another theme is, when the item arrives, then the nearer theme takes it', () => {
    spec
      .given({
        projectId: 'p1',
        themes: [theme('a', [1, 0, 0]), theme('b', [0, 1, 0])],
        at: AT,
        examples: [{ clusterId: 'b', model: MODEL, vector: [0.85, Math.sqrt(1 - 0.7225), 0] }],
      })
      .when([item('f1', [1, 0, 0])])
      .thenMatches((output) => expect(output.placements.get('f1')).to.equal('a'));
  });

  it('given examples far from the item, when it arrives, then they have no say and the nearest theme takes it', () => {
    spec
      .given({
        projectId: 'p1',
        themes: [theme('a', [1, 0, 0]), theme('b', [0, 1, 0])],
        at: AT,
        examples: [{ clusterId: 'b', model: MODEL, vector: [0, 1, 0] }],
      })
      .when([item('f1', [1, 0, 0])])
      .thenMatches((output) => expect(output.placements.get('f1')).to.equal('a'));
  });

  it('never compares an item with themes of another model or another size of vector', () => {
    given(theme('other-model', [1, 0, 0], { model: 'n' }), theme('other-size', [1, 0]))
      .when([item('f1', [1, 0, 0])])
      .thenMatches((output) => expect(types(output)).to.deep.equal(['ClusterCreated', 'FeedbackClustered']));
  });

  it('counts the spike window from the newest report: 24 hours, then the 7 days before', () => {
    const times = [0, 1, 23, 25, 24 * 7, 24 * 8 + 1].map((h) => NOW - h * HOUR);
    expect(spikeCounts(times, 0)).to.deep.equal({ reportsLast24h: 3, reportsPriorWeek: 2 });
    expect(spikeCounts([], NOW)).to.deep.equal({ reportsLast24h: 0, reportsPriorWeek: 0 });
  });
});
