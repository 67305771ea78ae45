import type { DomainEvent } from '../../../src/eventstore/command-handler.js';
import type { FeedbackProcessed, RecordedAnalysis } from '../../../src/domain/feedback/events.js';
import { feedbackListProjection } from '../../../projections/feedback-list/projection.js';
import { clustersProjection } from '../../../projections/clusters/projection.js';
import { clustered as clusteredEvent, submitted as submittedEvent } from '../../support/feedback-events.js';
import { ProjectionSpecification } from '../../support/projection-spec.js';

const T1 = '2026-01-01T00:00:00.000Z';

const submitted = (feedbackId: string): DomainEvent => submittedEvent(feedbackId, 'Pricing doubled, we are moving to a competitor', T1);
const analysis: RecordedAnalysis = { sentiment: 'negative', sentimentScore: -0.5, type: 'complaint', emotions: [], language: 'en', analyzer: 'offline' };
const processed = (feedbackId: string, churnRisk: boolean | undefined): DomainEvent => ({
  type: 'FeedbackProcessed',
  data: {
    feedbackId,
    projectId: 'p1',
    // `undefined`: an analysis recorded before the field existed.
    analysis: churnRisk === undefined ? analysis : { ...analysis, churnRisk },
    embedding: { model: 'm', dimensions: 2, vector: [1, 0] },
    processedAt: T1,
  } satisfies FeedbackProcessed['data'],
});
const clustered = (feedbackId: string, clusterId: string): DomainEvent => clusteredEvent(feedbackId, clusterId, T1, 0.9);
const created = (clusterId: string): DomainEvent => ({ type: 'ClusterCreated', data: { clusterId, projectId: 'p1', at: T1, model: 'm' } });

describe('churn risk in the read models', () => {
  describe('feedback-list', () => {
    let spec: ProjectionSpecification;
    before(async () => (spec = await ProjectionSpecification.for(feedbackListProjection)));
    after(() => spec.close());

    // Not the status: when an item counts as processed is the list's own rule (analysed, or analysed and themed).
    const ROWS = `SELECT feedback_id, churn_risk FROM feedback_items ORDER BY feedback_id`;

    it('given analyses one by one, with, without and before churn risk, then true, false, and false for the old event', async () => {
      await spec
        .given([submitted('f1'), processed('f1', true), submitted('f2'), processed('f2', false), submitted('f3'), processed('f3', undefined), submitted('f4')])
        .thenRows(ROWS, [
          { feedback_id: 'f1', churn_risk: true },
          { feedback_id: 'f2', churn_risk: false },
          { feedback_id: 'f3', churn_risk: false },
          { feedback_id: 'f4', churn_risk: false },
        ]);
    });

    it('given a run of analyses (applied as one batch), then the same values', async () => {
      await spec
        .given([submitted('f1'), submitted('f2'), submitted('f3'), processed('f1', true), processed('f2', false), processed('f3', undefined)])
        .thenRows(ROWS, [
          { feedback_id: 'f1', churn_risk: true },
          { feedback_id: 'f2', churn_risk: false },
          { feedback_id: 'f3', churn_risk: false },
        ]);
    });
  });

  describe('clusters', () => {
    let spec: ProjectionSpecification;
    before(async () => (spec = await ProjectionSpecification.for(clustersProjection)));
    after(() => spec.close());

    const COUNTS = `SELECT cluster_id, size, churn_risk_count FROM clusters ORDER BY cluster_id`;

    it('given themes joined by items with and without churn risk, then each theme counts its churn-risk items', async () => {
      await spec
        .given([
          created('c1'),
          created('c2'),
          ...['f1', 'f2', 'f3', 'f4'].map(submitted),
          processed('f1', true),
          processed('f2', true),
          processed('f3', false),
          processed('f4', undefined),
          clustered('f1', 'c1'),
          clustered('f2', 'c1'),
          clustered('f3', 'c1'),
          clustered('f4', 'c2'),
        ])
        .thenRows(COUNTS, [
          { cluster_id: 'c1', size: 3, churn_risk_count: 2 },
          { cluster_id: 'c2', size: 1, churn_risk_count: 0 },
        ]);
    });

    it('when a churn-risk item is deleted or moves to another theme, then both counts follow', async () => {
      const given = [
        created('c1'),
        created('c2'),
        ...['f1', 'f2', 'f3'].map(submitted),
        ...['f1', 'f2', 'f3'].map((id) => processed(id, true)),
        ...['f1', 'f2', 'f3'].map((id) => clustered(id, 'c1')),
      ];
      await spec
        .given(given)
        .when([
          { type: 'FeedbackDeleted', data: { feedbackId: 'f1', projectId: 'p1', deletedAt: T1, clusterId: 'c1' } },
          { type: 'FeedbackMoved', data: { feedbackId: 'f2', projectId: 'p1', fromClusterId: 'c1', clusterId: 'c2', reason: 'move', movedAt: T1 } },
        ])
        .thenRows(COUNTS, [
          { cluster_id: 'c1', size: 1, churn_risk_count: 1 },
          { cluster_id: 'c2', size: 1, churn_risk_count: 1 },
        ]);
    });

    it('when a theme is merged into another, then the absorbing theme counts both themes’ churn-risk items', async () => {
      await spec
        .given([
          created('c1'),
          created('c2'),
          ...['f1', 'f2'].map(submitted),
          processed('f1', true),
          processed('f2', true),
          clustered('f1', 'c1'),
          clustered('f2', 'c2'),
        ])
        .when([{ type: 'ClusterMerged', data: { clusterId: 'c2', projectId: 'p1', at: T1, into: 'c1' } }])
        .thenRows(COUNTS, [
          { cluster_id: 'c1', size: 2, churn_risk_count: 2 },
          { cluster_id: 'c2', size: 0, churn_risk_count: 0 },
        ]);
    });
  });
});
