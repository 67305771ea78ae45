import { clustersProjection } from '../../../projections/clusters/projection.js';
import type { ClusterEvent, ClusterLabeled } from '../../../src/domain/cluster/events.js';
import { ProjectionSpecification } from '../../support/projection-spec.js';

const at = '2026-03-01T00:00:00.000Z';
const ref = { clusterId: 'c1', projectId: 'p1', at };
const created: ClusterEvent = { type: 'ClusterCreated', data: { ...ref, model: 'm' } };
const labeled = (label: string, generation: number): ClusterLabeled => ({ type: 'ClusterLabeled', data: { ...ref, label, generation } });
const LABEL = `SELECT label, label_source, label_generation FROM clusters WHERE cluster_id = 'c1'`;
const SPIKING = `SELECT status, muted, spiking FROM clusters WHERE cluster_id = 'c1'`;

describe('clusters projection: manual labels and muting', () => {
  let spec: ProjectionSpecification;
  before(async () => (spec = await ProjectionSpecification.for(clustersProjection)));
  after(() => spec.close());

  it('an automatic label shows until the theme is renamed', async () => {
    await spec.given([created, labeled('export csv', 0)]).thenRows(LABEL, [{ label: 'export csv', label_source: 'automatic', label_generation: 0 }]);
    await spec
      .given([created, labeled('export csv', 0)])
      .when([{ type: 'ClusterRenamed', data: { ...ref, label: 'CSV export' } }])
      .thenRows(LABEL, [{ label: 'CSV export', label_source: 'manual', label_generation: 0 }]);
  });

  it('after a rename, an automatic label only moves the generation on (a deletion still renews it)', async () => {
    await spec
      .given([created, labeled('export csv', 0), { type: 'ClusterRenamed', data: { ...ref, label: 'CSV export' } }])
      .when([labeled('export timeout', 0), labeled('export', 1)])
      .thenRows(LABEL, [{ label: 'CSV export', label_source: 'manual', label_generation: 1 }]);
  });

  it('muting a spiking theme clears spiking; a spike event after that would need a new ClusterSpiking', async () => {
    const spiking: ClusterEvent = { type: 'ClusterSpiking', data: { ...ref, reportsLast24h: 4, priorDailyRate: 0, triggeredByFeedbackId: 'f1' } };
    await spec.given([created, spiking]).thenRows(SPIKING, [{ status: 'active', muted: false, spiking: true }]);
    await spec
      .given([created, spiking])
      .when([{ type: 'ClusterMuted', data: ref }])
      .thenRows(SPIKING, [{ status: 'muted', muted: true, spiking: false }]);
    await spec
      .given([created, spiking, { type: 'ClusterMuted', data: ref }])
      .when([{ type: 'ClusterActivated', data: ref }])
      .thenRows(SPIKING, [{ status: 'active', muted: false, spiking: false }]);
  });
});
