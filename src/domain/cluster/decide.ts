import { Conflict, Invalid, NotFound } from '../errors.js';
import type { ClusterEvent, ClusterStatus } from './events.js';
import { isSpike, type SpikeCounts } from './spike.js';
import type { ClusterState } from './state.js';

export type ClusterCommand =
  | { type: 'CreateCluster'; clusterId: string; projectId: string; model: string; at: string }
  /** The owner sets the status (PATCH); `userIds` are the theme's end users, for `resolved`. */
  | { type: 'SetStatus'; projectId: string; status: ClusterStatus; userIds: string[]; at: string }
  | { type: 'RecordJoin'; feedbackId: string; at: string }
  | { type: 'CheckSpike'; counts: SpikeCounts; feedbackId: string; at: string }
  | { type: 'MergeInto'; into: string; at: string };

export class ClusterExists extends Conflict {
  constructor(readonly clusterId: string) {
    super(`The cluster ${clusterId} exists already.`);
  }
}

export function decideCluster(command: ClusterCommand, state: ClusterState): ClusterEvent[] {
  if (command.type === 'CreateCluster') {
    if (state.exists) throw new ClusterExists(command.clusterId);
    const { type: _type, ...data } = command;
    return [{ type: 'ClusterCreated', data }];
  }
  if (!state.exists) throw new NotFound('The cluster');
  const ref = { clusterId: state.clusterId!, projectId: state.projectId!, at: command.at };
  switch (command.type) {
    case 'SetStatus':
      if (command.projectId !== state.projectId || state.mergedInto) throw new NotFound('The cluster');
      return setStatus(command, state, ref);
    case 'RecordJoin':
      return recordJoin(command, state, ref);
    case 'CheckSpike': {
      const spike = isSpike(command.counts);
      if (spike && !state.spiking && !state.muted) {
        const priorDailyRate = Math.round((command.counts.reportsPriorWeek / 7) * 100) / 100;
        return [
          {
            type: 'ClusterSpiking',
            data: { ...ref, reportsLast24h: command.counts.reportsLast24h, priorDailyRate, triggeredByFeedbackId: command.feedbackId },
          },
        ];
      }
      return !spike && state.spiking ? [{ type: 'ClusterSpikeEnded', data: ref }] : [];
    }
    case 'MergeInto':
      if (state.mergedInto) return [];
      if (command.into === ref.clusterId) throw new Invalid([], 'A cluster cannot merge into itself.');
      return [{ type: 'ClusterMerged', data: { ...ref, into: command.into } }];
  }
}

type Ref = { clusterId: string; projectId: string; at: string };

function setStatus(command: Extract<ClusterCommand, { type: 'SetStatus' }>, state: ClusterState, ref: Ref): ClusterEvent[] {
  switch (command.status) {
    case 'resolved':
      return state.status === 'resolved' ? [] : [{ type: 'ClusterResolved', data: { ...ref, userIds: command.userIds } }];
    case 'muted':
      return state.status === 'muted' ? [] : [{ type: 'ClusterMuted', data: ref }];
    case 'active':
      return state.status === 'active' && !state.muted ? [] : [{ type: 'ClusterActivated', data: ref }];
  }
}

function recordJoin(command: Extract<ClusterCommand, { type: 'RecordJoin' }>, state: ClusterState, ref: Ref): ClusterEvent[] {
  if (state.triggeredBy.includes(command.feedbackId)) return [];
  if (state.status === 'resolved') {
    return [{ type: 'ClusterRegressed', data: { ...ref, triggeredByFeedbackId: command.feedbackId } }];
  }
  if (state.status === 'muted') return [{ type: 'ClusterReopened', data: { ...ref, triggeredByFeedbackId: command.feedbackId } }];
  return [];
}
