import { Conflict, Invalid, NotFound } from '../errors.js';
import type { ClusterEvent, ClusterStatus } from './events.js';
import { checkedLabel } from './label-rules.js';
import { checkedDescription, checkedKeywords, checkedParent, type ParentArea } from './definition-rules.js';
import { isSpike, type SpikeCounts } from './spike.js';
import { checkTrackerLinks } from './tracker-links.js';
import type { ClusterState } from './state.js';

export type ClusterCommand =
  | { type: 'CreateCluster'; clusterId: string; projectId: string; model: string; at: string }
  /** The owner sets the status (PATCH). */
  | { type: 'SetStatus'; projectId: string; status: ClusterStatus; at: string }
  | { type: 'RecordJoin'; feedbackId: string; at: string }
  | { type: 'CheckSpike'; counts: SpikeCounts; feedbackId: string; at: string }
  | { type: 'MergeInto'; into: string; at: string }
  /** A person renames the theme; `label` is already redacted. */
  | { type: 'Rename'; projectId: string; label: string; at: string }
  /** A person folds this theme into another; `into` is that theme as its own stream says (undefined: no such theme). */
  | { type: 'MergeByHand'; projectId: string; into: MergeTarget | undefined; at: string }
  /** A person sets the theme's links to tracker issues (any form: they are checked and made canonical here). */
  | { type: 'SetLinks'; projectId: string; links: string[]; at: string }
  /** A person splits items off `from` into this new theme (its items then record `FeedbackMoved`). */
  | { type: 'SplitOff'; clusterId: string; projectId: string; model: string; from: string; feedbackIds: string[]; at: string }
  /** A person defines a new theme; `label` and `description` are already redacted, `parent` read from its stream. */
  | {
      type: 'Define';
      clusterId: string;
      projectId: string;
      model: string;
      label: string;
      keywords: readonly unknown[];
      description?: string;
      parent?: ParentArea;
      at: string;
    }
  /**
   * A person changes a theme's keywords, description (null clears it) or parent area (null clears it);
   * absent fields stay. `hasChildren`: whether other themes name this one as their parent.
   */
  | {
      type: 'ChangeDefinition';
      projectId: string;
      keywords?: readonly unknown[];
      description?: string | null;
      parent?: ParentArea | null;
      hasChildren: boolean;
      at: string;
    };

export interface MergeTarget {
  clusterId: string;
  projectId: string;
  model: string;
  mergedInto?: string;
}

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
  if (command.type === 'SplitOff') return splitOff(command, state);
  if (command.type === 'Define') return define(command, state);
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
    case 'Rename': {
      if (command.projectId !== state.projectId || state.mergedInto) throw new NotFound('The cluster');
      const label = checkedLabel(command.label);
      return state.manualLabel === label ? [] : [{ type: 'ClusterRenamed', data: { ...ref, label } }];
    }
    case 'MergeByHand':
      return mergeByHand(command, state, ref);
    case 'SetLinks': {
      if (command.projectId !== state.projectId || state.mergedInto) throw new NotFound('The cluster');
      const { links, problems } = checkTrackerLinks(command.links);
      if (problems.length > 0) throw new Invalid(problems);
      const same = links.length === state.links.length && links.every((link, i) => link === state.links[i]);
      return same ? [] : [{ type: 'ClusterLinksChanged', data: { ...ref, links } }];
    }
    case 'ChangeDefinition':
      return changeDefinition(command, state, ref);
  }
}

function define(command: Extract<ClusterCommand, { type: 'Define' }>, state: ClusterState): ClusterEvent[] {
  if (state.exists) throw new ClusterExists(command.clusterId);
  const { clusterId, projectId, model, at } = command;
  const label = checkedLabel(command.label);
  const keywords = checkedKeywords(command.keywords);
  const description = command.description === undefined ? undefined : checkedDescription(command.description);
  const parentId = command.parent === undefined ? undefined : checkedParent(command.parent, projectId, clusterId, false);
  const ref = { clusterId, projectId, at };
  return [
    { type: 'ClusterCreated', data: { ...ref, model } },
    { type: 'ClusterDefined', data: { ...ref, label, keywords, ...optional({ description, parentId }) } },
  ];
}

function changeDefinition(command: Extract<ClusterCommand, { type: 'ChangeDefinition' }>, state: ClusterState, ref: Ref): ClusterEvent[] {
  if (command.projectId !== state.projectId || state.mergedInto) throw new NotFound('The cluster');
  const keywords = command.keywords === undefined ? state.keywords : checkedKeywords(command.keywords);
  const description =
    command.description === undefined ? state.description : command.description === null ? undefined : checkedDescription(command.description);
  const parentId =
    command.parent === undefined
      ? state.parentId
      : command.parent === null
        ? undefined
        : checkedParent(command.parent, ref.projectId, ref.clusterId, command.hasChildren);
  const same =
    keywords.length === state.keywords.length &&
    keywords.every((keyword, i) => keyword === state.keywords[i]) &&
    description === state.description &&
    parentId === state.parentId;
  return same ? [] : [{ type: 'ClusterDefinitionChanged', data: { ...ref, keywords, ...optional({ description, parentId }) } }];
}

/** The fields that are set (events carry no `undefined` values, so a replayed event equals the live one). */
const optional = <T extends Record<string, string | undefined>>(fields: T) =>
  Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as Partial<T>;

function mergeByHand(command: Extract<ClusterCommand, { type: 'MergeByHand' }>, state: ClusterState, ref: Ref): ClusterEvent[] {
  if (command.projectId !== state.projectId) throw new NotFound('The cluster');
  const { into } = command;
  if (!into || into.projectId !== command.projectId)
    throw new NotFound('The cluster named by `into`', 'The cluster named by `into` was not found in this project.');
  if (state.mergedInto) throw new Conflict(`The cluster ${ref.clusterId} was merged into ${state.mergedInto} already.`);
  if (into.clusterId === ref.clusterId) throw new Conflict('A cluster cannot merge into itself.');
  if (into.mergedInto) throw new Conflict(`The cluster ${into.clusterId} was merged into ${into.mergedInto}: merge into that one.`);
  if (into.model !== state.model) {
    throw new Conflict(`The clusters were formed with different embedding models (${state.model}, ${into.model}); re-embed first (feedbackctl reembed).`);
  }
  return [{ type: 'ClusterMerged', data: { ...ref, into: into.clusterId, manual: true } }];
}

function splitOff(command: Extract<ClusterCommand, { type: 'SplitOff' }>, state: ClusterState): ClusterEvent[] {
  if (state.exists) throw new ClusterExists(command.clusterId);
  if (command.feedbackIds.length === 0) throw new Invalid([{ field: 'feedbackIds', message: 'must name at least one item' }]);
  const ref = { clusterId: command.clusterId, projectId: command.projectId, at: command.at };
  return [
    { type: 'ClusterCreated', data: { ...ref, model: command.model } },
    { type: 'ClusterSplit', data: { ...ref, from: command.from, feedbackIds: command.feedbackIds } },
  ];
}

type Ref = { clusterId: string; projectId: string; at: string };

function setStatus(command: Extract<ClusterCommand, { type: 'SetStatus' }>, state: ClusterState, ref: Ref): ClusterEvent[] {
  switch (command.status) {
    case 'resolved':
      return state.status === 'resolved' ? [] : [{ type: 'ClusterResolved', data: ref }];
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
