import type { KeyType, ProjectEvent, ProjectSettings } from './events.js';

export interface ProjectState {
  exists: boolean;
  projectId?: string;
  settings?: ProjectSettings;
  keys: Map<string, { keyType: KeyType; revoked: boolean }>;
}

export const initialProjectState = (): ProjectState => ({ exists: false, keys: new Map() });

export function evolveProject(state: ProjectState, event: ProjectEvent): ProjectState {
  switch (event.type) {
    case 'ProjectCreated':
      return { ...state, exists: true, projectId: event.data.projectId, settings: event.data.settings };
    case 'ProjectSettingsChanged':
      return { ...state, settings: { ...state.settings!, ...event.data.changes } };
    case 'ApiKeyIssued': {
      const keys = new Map(state.keys);
      keys.set(event.data.keyId, { keyType: event.data.keyType, revoked: false });
      return { ...state, keys };
    }
    case 'ApiKeyRevoked': {
      const keys = new Map(state.keys);
      const key = keys.get(event.data.keyId);
      if (key) keys.set(event.data.keyId, { ...key, revoked: true });
      return { ...state, keys };
    }
  }
}
