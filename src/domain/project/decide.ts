import { Conflict, Invalid, NotFound } from '../errors.js';
import { DEFAULT_SETTINGS, type KeyMode, type KeyType, type ProjectEvent, type ProjectSettings } from './events.js';
import type { ProjectState } from './state.js';
import { editOrigins, type OriginEdits } from './settings.js';

export interface IssuedKey {
  keyId: string;
  keyType: KeyType;
  mode: KeyMode;
  prefix: string;
  keyHash: string;
}

export type ProjectCommand =
  | { type: 'CreateProject'; projectId: string; name: string; settings: Partial<ProjectSettings>; keys: IssuedKey[]; now: string }
  | {
      type: 'ChangeProjectSettings';
      changes: Partial<ProjectSettings>;
      /** Applied to the allowlist as the project holds it when the command is decided (instead of `changes.allowedOrigins`). */
      originEdits?: OriginEdits;
      now: string;
    }
  | { type: 'IssueApiKey'; key: IssuedKey; now: string }
  | { type: 'RevokeApiKey'; keyId: string; now: string };

export function decideProject(command: ProjectCommand, state: ProjectState): ProjectEvent[] {
  if (command.type === 'CreateProject') {
    if (state.exists) throw new Conflict('The project exists already.');
    const name = command.name.trim();
    if (name.length === 0 || name.length > 200) {
      throw new Invalid([{ field: 'name', message: 'must be 1 to 200 characters' }]);
    }
    return [
      {
        type: 'ProjectCreated',
        data: { projectId: command.projectId, name, createdAt: command.now, settings: { ...DEFAULT_SETTINGS, ...command.settings } },
      },
      ...command.keys.map((key) => issued(command.projectId, key, command.now)),
    ];
  }
  if (!state.exists) throw new NotFound('The project');
  const projectId = state.projectId!;
  switch (command.type) {
    case 'ChangeProjectSettings': {
      const changes = { ...withDigestStart(command.changes, state.settings?.digest ?? 'off', command.now) };
      if (command.originEdits) {
        const current = state.settings?.allowedOrigins ?? [];
        const { origins, problems } = editOrigins(current, command.originEdits);
        if (problems.length > 0) throw new Invalid(problems);
        if (origins.length !== current.length || origins.some((origin, i) => origin !== current[i])) changes.allowedOrigins = origins;
      }
      return Object.keys(changes).length === 0 ? [] : [{ type: 'ProjectSettingsChanged', data: { projectId, changes, changedAt: command.now } }];
    }
    case 'IssueApiKey':
      return [issued(projectId, command.key, command.now)];
    case 'RevokeApiKey': {
      const key = state.keys.get(command.keyId);
      if (!key) throw new NotFound('The key');
      if (key.revoked) return [];
      return [{ type: 'ApiKeyRevoked', data: { projectId, keyId: command.keyId, revokedAt: command.now } }];
    }
  }
}

/** A digest switched on, or given another cadence, starts now: periods that ended before are not sent. */
function withDigestStart(changes: Partial<ProjectSettings>, current: ProjectSettings['digest'], now: string): Partial<ProjectSettings> {
  if (changes.digest === undefined || changes.digest === 'off' || changes.digest === current) return changes;
  return { ...changes, digestSince: now };
}

function issued(projectId: string, key: IssuedKey, now: string): ProjectEvent {
  return { type: 'ApiKeyIssued', data: { projectId, ...key, issuedAt: now } };
}
