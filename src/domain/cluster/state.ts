import type { ClusterEvent, ClusterStatus, ThemeDefinition } from './events.js';

export interface ClusterState {
  exists: boolean;
  clusterId?: string;
  projectId?: string;
  /** The embedding model of its members: themes of different models cannot be merged. */
  model?: string;
  /** The label a person gave it (`ClusterRenamed`); undefined while labels are automatic. */
  manualLabel?: string;
  status: ClusterStatus;
  /** Muted themes reopen silently and never spike; cleared when set active or resolved. */
  muted: boolean;
  spiking: boolean;
  mergedInto?: string;
  /** Items whose joining already changed the status (a retried worker must not do it twice). */
  triggeredBy: string[];
  /** Links to tracker issues, canonical. */
  links: string[];
  /** `defined` once a person defined it or gave it keywords: never merged away, split or relabelled automatically. */
  origin: 'discovered' | 'defined';
  keywords: string[];
  description?: string;
  parentId?: string;
}

export const initialClusterState = (): ClusterState => ({
  exists: false,
  status: 'active',
  muted: false,
  spiking: false,
  triggeredBy: [],
  links: [],
  origin: 'discovered',
  keywords: [],
});

export function evolveCluster(state: ClusterState, event: ClusterEvent): ClusterState {
  switch (event.type) {
    case 'ClusterCreated':
      return { ...state, exists: true, clusterId: event.data.clusterId, projectId: event.data.projectId, model: event.data.model };
    case 'ClusterResolved':
      return { ...state, status: 'resolved', muted: false };
    case 'ClusterMuted':
      return { ...state, status: 'muted', muted: true, spiking: false };
    case 'ClusterActivated':
      return { ...state, status: 'active', muted: false };
    case 'ClusterRegressed':
    case 'ClusterReopened':
      return { ...state, status: 'active', triggeredBy: [...state.triggeredBy, event.data.triggeredByFeedbackId] };
    case 'ClusterSpiking':
      return { ...state, spiking: true };
    case 'ClusterSpikeEnded':
      return { ...state, spiking: false };
    case 'ClusterMerged':
      return { ...state, mergedInto: event.data.into };
    case 'ClusterRenamed':
      return { ...state, manualLabel: event.data.label };
    case 'ClusterSplit':
      return state;
    case 'ClusterLinksChanged':
      return { ...state, links: event.data.links };
    case 'ClusterDefined':
      return { ...withDefinition(state, event.data), origin: 'defined', manualLabel: event.data.label };
    case 'ClusterDefinitionChanged':
      return { ...withDefinition(state, event.data), origin: event.data.keywords.length > 0 ? 'defined' : state.origin };
  }
}

const withDefinition = (state: ClusterState, { keywords, description, parentId }: ThemeDefinition): ClusterState => ({
  ...state,
  keywords,
  description,
  parentId,
});
