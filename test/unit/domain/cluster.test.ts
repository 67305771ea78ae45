import { expect } from 'chai';
import { assignToCluster, chooseTheme, findMergeAmong, findMergeFor, findMerges } from '../../../src/domain/cluster/assignment.js';
import { ClusterExists } from '../../../src/domain/cluster/decide.js';
import { clusterDecider } from '../../../src/domain/cluster/decider.js';
import type { ClusterEvent } from '../../../src/domain/cluster/events.js';
import { isSpike } from '../../../src/domain/cluster/spike.js';
import { Invalid, NotFound } from '../../../src/domain/errors.js';
import { DeciderSpecification } from '../../support/decider-spec.js';

const spec = DeciderSpecification.for(clusterDecider);
const at = '2026-03-01T00:00:00.000Z';
const ref = { clusterId: 'c1', projectId: 'p1', at };
const created: ClusterEvent = { type: 'ClusterCreated', data: { ...ref, model: 'm' } };
const resolved: ClusterEvent = { type: 'ClusterResolved', data: ref };
const muted: ClusterEvent = { type: 'ClusterMuted', data: ref };
const regressed: ClusterEvent = { type: 'ClusterRegressed', data: { ...ref, triggeredByFeedbackId: 'f9' } };
const reopened: ClusterEvent = { type: 'ClusterReopened', data: { ...ref, triggeredByFeedbackId: 'f9' } };

describe('cluster decider (spec 3.3, 6)', () => {
  it('given nothing, when created, then ClusterCreated; when created again, then refused', () => {
    spec.given([]).when({ type: 'CreateCluster', clusterId: 'c1', projectId: 'p1', model: 'm', at }).then([created]);
    spec.given([created]).when({ type: 'CreateCluster', clusterId: 'c1', projectId: 'p1', model: 'm', at }).thenThrows(ClusterExists);
  });

  it('given no theme, when feedback joins, then the theme is not found', () => {
    spec.given([]).when({ type: 'RecordJoin', feedbackId: 'f9', at }).thenThrows(NotFound);
  });

  it('given an active theme, when resolved, then ClusterResolved, naming no end user', () => {
    spec
      .given([created])
      .when({ type: 'SetStatus', projectId: 'p1', status: 'resolved', at })
      .then([{ type: 'ClusterResolved', data: ref }]);
  });

  it('given a resolved theme, when resolved again, then nothing', () => {
    spec.given([created, resolved]).when({ type: 'SetStatus', projectId: 'p1', status: 'resolved', at }).thenNothing();
  });

  it('given a resolved theme, when feedback joins, then ClusterRegressed naming the item', () => {
    spec.given([created, resolved]).when({ type: 'RecordJoin', feedbackId: 'f9', at }).then([regressed]);
  });

  it('given a regression by an item, when the same item joins again (retried worker), then nothing', () => {
    spec.given([created, resolved, regressed]).when({ type: 'RecordJoin', feedbackId: 'f9', at }).thenNothing();
  });

  it('given a muted theme, when feedback joins, then it reopens silently (no regression)', () => {
    spec.given([created, muted]).when({ type: 'RecordJoin', feedbackId: 'f9', at }).then([reopened]);
  });

  it('given an active theme, when feedback joins, then nothing', () => {
    spec.given([created]).when({ type: 'RecordJoin', feedbackId: 'f9', at }).thenNothing();
  });

  it('given a muted theme that reopened, when set active, then ClusterActivated clears the mute', () => {
    spec
      .given([created, muted, reopened])
      .when({ type: 'SetStatus', projectId: 'p1', status: 'active', at })
      .then([{ type: 'ClusterActivated', data: ref }]);
  });

  it('given another project, when the status is set, then the theme is not found', () => {
    spec.given([created]).when({ type: 'SetStatus', projectId: 'p2', status: 'muted', at }).thenThrows(NotFound);
  });

  it('given a spike condition, when checked, then ClusterSpiking once; when checked again in the burst, then nothing', () => {
    const spiking: ClusterEvent = { type: 'ClusterSpiking', data: { ...ref, reportsLast24h: 5, priorDailyRate: 1, triggeredByFeedbackId: 'f5' } };
    spec
      .given([created])
      .when({ type: 'CheckSpike', counts: { reportsLast24h: 5, reportsPriorWeek: 7 }, feedbackId: 'f5', at })
      .then([spiking]);
    spec
      .given([created, spiking])
      .when({ type: 'CheckSpike', counts: { reportsLast24h: 6, reportsPriorWeek: 7 }, feedbackId: 'f6', at })
      .thenNothing();
    spec
      .given([created, spiking])
      .when({ type: 'CheckSpike', counts: { reportsLast24h: 1, reportsPriorWeek: 7 }, feedbackId: 'f7', at })
      .then([{ type: 'ClusterSpikeEnded', data: ref }]);
  });

  it('given a muted theme, when a spike condition holds, then nothing', () => {
    spec
      .given([created, muted])
      .when({ type: 'CheckSpike', counts: { reportsLast24h: 50, reportsPriorWeek: 0 }, feedbackId: 'f', at })
      .thenNothing();
  });

  it('given a theme, when merged into another, then ClusterMerged; when merged into itself, then invalid', () => {
    spec
      .given([created])
      .when({ type: 'MergeInto', into: 'c2', at })
      .then([{ type: 'ClusterMerged', data: { ...ref, into: 'c2' } }]);
    spec.given([created]).when({ type: 'MergeInto', into: 'c1', at }).thenThrows(Invalid);
  });

  it('given a merged theme, when merged again, then nothing', () => {
    const merged: ClusterEvent = { type: 'ClusterMerged', data: { ...ref, into: 'c2' } };
    spec.given([created, merged]).when({ type: 'MergeInto', into: 'c3', at }).thenNothing();
  });
});

describe('spike rule (spec 6)', () => {
  it('needs 4 reports in 24 h and 3 × the prior daily rate', () => {
    expect(isSpike({ reportsLast24h: 3, reportsPriorWeek: 0 })).to.equal(false);
    expect(isSpike({ reportsLast24h: 4, reportsPriorWeek: 0 })).to.equal(true);
    expect(isSpike({ reportsLast24h: 4, reportsPriorWeek: 14 })).to.equal(false); // 2/day → needs 6
    expect(isSpike({ reportsLast24h: 6, reportsPriorWeek: 14 })).to.equal(true);
  });
});

describe('theme assignment', () => {
  const thresholds = { join: 0.5, merge: 0.8 };
  it('joins the nearest theme above the threshold, else creates one', () => {
    const candidates = [
      { clusterId: 'a', centroid: [1, 0, 0], size: 3 },
      { clusterId: 'b', centroid: [0, 2, 0], size: 1 },
    ];
    expect(assignToCluster([0.1, 0.9, 0], candidates, thresholds)).to.deep.include({ kind: 'join', clusterId: 'b' });
    expect(assignToCluster([0, 0, 1], candidates, thresholds)).to.deep.include({ kind: 'create' });
    expect(assignToCluster([1, 0, 0], [], thresholds)).to.deep.equal({ kind: 'create', similarity: 0 });
  });

  it('merges near-duplicates into the larger theme, each theme at most once per pass', () => {
    const merges = findMerges(
      [
        { clusterId: 'a', centroid: [1, 0], size: 5 },
        { clusterId: 'b', centroid: [0.99, 0.05], size: 2 },
        { clusterId: 'c', centroid: [0.98, 0.1], size: 1 },
        { clusterId: 'd', centroid: [0, 1], size: 4 },
      ],
      thresholds,
    );
    expect(merges[0]).to.include({ from: 'b', into: 'a' });
    expect(merges.map((m) => m.from)).to.not.include('d');
    const involved = merges.flatMap((m) => [m.from, m.into]);
    expect(new Set(involved).size).to.equal(involved.length);
  });

  it('settling after an item: the theme that changed meets its best partner, by centre first, else by average link', () => {
    const themes = [
      { clusterId: 'new', centroid: [0.95, 0.3], size: 1 },
      { clusterId: 'a', centroid: [4, 0.2], size: 4 },
      { clusterId: 'b', centroid: [0.99, -0.1], size: 1 },
      { clusterId: 'd', centroid: [0, 3], size: 3 },
    ];
    // 'a' and 'b' are nearer to each other than to 'new', but only pairs with 'new' count.
    expect(findMergeFor('new', themes, thresholds)).to.include({ from: 'new', into: 'a' });
    expect(findMergeFor('d', themes, thresholds)).to.equal(undefined);
    expect(findMergeFor('missing', themes, thresholds)).to.equal(undefined);
    // Average link: members of 'x' and 'y' are 0.6 similar on average, above 0.3 plus the small-theme margin 0.15.
    const averageLink = { join: 0.9, merge: 0.99, mergeAverage: 0.3 };
    const pair = [
      { clusterId: 'x', centroid: [1.2, 1.6], size: 2 },
      { clusterId: 'y', centroid: [2, 0], size: 2 },
    ];
    expect(findMergeFor('x', pair, averageLink)).to.include({ from: 'y', into: 'x' });
    expect(findMergeFor('x', pair, { join: 0.9, merge: 0.99 })).to.equal(undefined);
  });

  it('with similarities computed beside the centres (as the worker gets them from pgvector), the same decisions', () => {
    // chooseTheme: the most similar theme at or above `join`, ties to the smaller id; else a new theme with the best similarity.
    expect(
      chooseTheme(
        [
          { clusterId: 'b', similarity: 0.7 },
          { clusterId: 'a', similarity: 0.7 },
        ],
        thresholds,
      ),
    ).to.deep.equal({ kind: 'join', clusterId: 'a', similarity: 0.7 });
    expect(chooseTheme([{ clusterId: 'a', similarity: 0.49 }], thresholds)).to.deep.equal({ kind: 'create', similarity: 0.49 });
    expect(chooseTheme([], thresholds)).to.deep.equal({ kind: 'create', similarity: 0 });
    // findMergeAmong: given the centre statistics of the themes around 'x', the merge findMergeFor makes from the centres.
    const averageLink = { join: 0.9, merge: 0.99, mergeAverage: 0.3 };
    const x = { clusterId: 'x', size: 2 };
    const y = { clusterId: 'y', size: 2, similarity: 0.6, dot: 2.4 }; // centres [1.2, 1.6] and [2, 0]
    expect(findMergeAmong(x, [y], averageLink)).to.deep.equal(
      findMergeFor(
        'x',
        [
          { ...x, centroid: [1.2, 1.6] },
          { clusterId: 'y', size: 2, centroid: [2, 0] },
        ],
        averageLink,
      ),
    );
    expect(findMergeAmong(x, [y], averageLink)).to.include({ from: 'y', into: 'x' });
    expect(findMergeAmong(x, [{ ...y, dot: 1.2 }], averageLink), 'mean member similarity 0.3: below the margin').to.equal(undefined);
    expect(findMergeAmong(x, [{ ...y, similarity: 0.995, dot: 0 }], averageLink), 'centres alike: merged by the centre rule').to.include({ from: 'y' });
  });
});
