import { ClusterExists, type MergeTarget } from '../../../src/domain/cluster/decide.js';
import { clusterDecider } from '../../../src/domain/cluster/decider.js';
import type { ClusterEvent } from '../../../src/domain/cluster/events.js';
import { Conflict, Invalid, NotFound } from '../../../src/domain/errors.js';
import { feedbackDecider } from '../../../src/domain/feedback/decider.js';
import type { FeedbackEvent } from '../../../src/domain/feedback/events.js';
import { DeciderSpecification } from '../../support/decider-spec.js';

const at = '2026-03-01T00:00:00.000Z';
const ref = { clusterId: 'c1', projectId: 'p1', at };
const created: ClusterEvent = { type: 'ClusterCreated', data: { ...ref, model: 'm' } };
const renamed: ClusterEvent = { type: 'ClusterRenamed', data: { ...ref, label: 'CSV export' } };
const merged: ClusterEvent = { type: 'ClusterMerged', data: { ...ref, into: 'c9' } };
const target: MergeTarget = { clusterId: 'c2', projectId: 'p1', model: 'm' };

describe('theme editing deciders', () => {
  const cluster = DeciderSpecification.for(clusterDecider);

  describe('Rename', () => {
    const rename = (label: string, projectId = 'p1') => ({ type: 'Rename' as const, projectId, label, at });

    it('given a theme, when renamed, then ClusterRenamed with the trimmed label', () => {
      cluster.given([created]).when(rename('  CSV export ')).then([renamed]);
    });

    it('given a theme renamed so, when renamed the same again, then nothing; another label is recorded', () => {
      cluster.given([created, renamed]).when(rename('CSV export')).thenNothing();
      cluster
        .given([created, renamed])
        .when(rename('Exports'))
        .then([{ type: 'ClusterRenamed', data: { ...ref, label: 'Exports' } }]);
    });

    it('when the label is empty, too long, or has control characters, then Invalid naming label', () => {
      for (const label of ['', '   ', 'x'.repeat(81), 'a\nb', 'a\tb', '\u0085next']) cluster.given([created]).when(rename(label)).thenThrows(Invalid);
    });

    it('given no theme, another project’s, or one merged away, then not found', () => {
      cluster.given([]).when(rename('x')).thenThrows(NotFound);
      cluster.given([created]).when(rename('x', 'p2')).thenThrows(NotFound);
      cluster.given([created, merged]).when(rename('x')).thenThrows(NotFound);
    });
  });

  describe('MergeByHand', () => {
    const merge = (into: MergeTarget | undefined, projectId = 'p1') => ({ type: 'MergeByHand' as const, projectId, into, at });

    it('given two themes of one model, when merged by hand, then ClusterMerged marked manual', () => {
      cluster
        .given([created])
        .when(merge(target))
        .then([{ type: 'ClusterMerged', data: { ...ref, into: 'c2', manual: true } }]);
    });

    it('when into is missing or another project’s, or the theme is another project’s, then not found', () => {
      cluster.given([created]).when(merge(undefined)).thenThrows(NotFound);
      cluster
        .given([created])
        .when(merge({ ...target, projectId: 'p2' }))
        .thenThrows(NotFound);
      cluster.given([created]).when(merge(target, 'p2')).thenThrows(NotFound);
    });

    it('when into itself, into a theme merged away, across models, or merged already, then Conflict', () => {
      cluster
        .given([created])
        .when(merge({ ...target, clusterId: 'c1' }))
        .thenThrows(Conflict);
      cluster
        .given([created])
        .when(merge({ ...target, mergedInto: 'c3' }))
        .thenThrows(Conflict);
      cluster
        .given([created])
        .when(merge({ ...target, model: 'other' }))
        .thenThrows(Conflict);
      cluster.given([created, merged]).when(merge(target)).thenThrows(Conflict);
    });
  });

  describe('SplitOff', () => {
    const split = (feedbackIds: string[]) => ({ type: 'SplitOff' as const, clusterId: 'c1', projectId: 'p1', model: 'm', from: 'c0', feedbackIds, at });

    it('given nothing, when split off, then ClusterCreated and ClusterSplit in one decision', () => {
      cluster
        .given([])
        .when(split(['f1', 'f2']))
        .then([created, { type: 'ClusterSplit', data: { ...ref, from: 'c0', feedbackIds: ['f1', 'f2'] } }]);
    });

    it('given the theme exists (a repeated split), then ClusterExists; with no items, then Invalid', () => {
      cluster
        .given([created])
        .when(split(['f1']))
        .thenThrows(ClusterExists);
      cluster.given([]).when(split([])).thenThrows(Invalid);
    });
  });

  describe('MoveToCluster', () => {
    const feedback = DeciderSpecification.for(feedbackDecider);
    const submitted: FeedbackEvent = {
      type: 'FeedbackSubmitted',
      data: {
        feedbackId: 'f1',
        projectId: 'p1',
        text: 'Export crashes',
        userId: null,
        email: null,
        source: 'api',
        metadata: {},
        createdAt: at,
        receivedAt: at,
        redactions: {},
      },
    };
    const processed: FeedbackEvent = {
      type: 'FeedbackProcessed',
      data: {
        feedbackId: 'f1',
        projectId: 'p1',
        analysis: { sentiment: 'negative', sentimentScore: -0.6, type: 'bug', emotions: [], language: 'en', analyzer: 'offline' },
        embedding: { model: 'm', dimensions: 2, vector: [1, 0] },
        processedAt: at,
      },
    };
    const clustered: FeedbackEvent = {
      type: 'FeedbackClustered',
      data: { feedbackId: 'f1', projectId: 'p1', clusterId: 'c1', similarity: 1, clusteredAt: at },
    };
    const move = (clusterId: string, fromClusterId: string | null = 'c1', targetModel = 'm', projectId = 'p1') => ({
      type: 'MoveToCluster' as const,
      move: { feedbackId: 'f1', projectId, fromClusterId, clusterId, reason: 'move' as const, movedAt: at },
      targetModel,
    });
    const moved: FeedbackEvent = {
      type: 'FeedbackMoved',
      data: { feedbackId: 'f1', projectId: 'p1', fromClusterId: 'c1', clusterId: 'c2', reason: 'move', movedAt: at },
    };

    it('given a grouped item, when moved, then FeedbackMoved; and the clustering worker records no theme for it afterwards', () => {
      feedback.given([submitted, processed, clustered]).when(move('c2')).then([moved]);
      feedback
        .given([submitted, processed, clustered, moved])
        .when({ type: 'RecordCluster', assignment: { feedbackId: 'f1', projectId: 'p1', clusterId: 'c1', similarity: 1, clusteredAt: at } })
        .thenNothing();
    });

    it('when moved to the theme it is in, then nothing', () => {
      feedback.given([submitted, processed, clustered, moved]).when(move('c2', 'c2')).thenNothing();
    });

    it('given no item, a deleted one, or another project’s, then not found', () => {
      feedback.given([]).when(move('c2')).thenThrows(NotFound);
      feedback
        .given([submitted, processed, clustered])
        .when(move('c2', 'c1', 'm', 'p2'))
        .thenThrows(NotFound);
      feedback
        .given([submitted, processed, clustered, { type: 'FeedbackDeleted', data: { feedbackId: 'f1', projectId: 'p1', deletedAt: at } }])
        .when(move('c2'))
        .thenThrows(NotFound);
    });

    it('given an item not yet grouped, or a theme of another model, then Conflict', () => {
      feedback.given([submitted]).when(move('c2', null)).thenThrows(Conflict);
      feedback.given([submitted, processed]).when(move('c2', null)).thenThrows(Conflict);
      feedback
        .given([submitted, processed, clustered])
        .when(move('c2', 'c1', 'other'))
        .thenThrows(Conflict);
    });
  });
});
