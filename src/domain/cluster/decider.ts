import type { Decider } from '../decider.js';
import { decideCluster, type ClusterCommand } from './decide.js';
import type { ClusterEvent } from './events.js';
import { evolveCluster, initialClusterState, type ClusterState } from './state.js';

export const clusterDecider: Decider<ClusterState, ClusterCommand, ClusterEvent> = {
  initialState: initialClusterState,
  evolve: evolveCluster,
  decide: decideCluster,
};
