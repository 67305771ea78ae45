export type IdentityLinking = 'auto' | 'suggest' | 'off';
export type KeyType = 'secret' | 'widget';
export type KeyMode = 'test' | 'live';

export interface ProjectSettings {
  allowedOrigins: string[];
  customerValueTrait: string | null;
  identityLinking: IdentityLinking;
  /** Emails or `@domain`s that identity linking never merges on (shared mailboxes). */
  identityLinkingIgnore: string[];
  /** Case-insensitive substrings of call titles whose transcripts are skipped as `title_excluded`. */
  excludedTranscriptTitles: string[];
  /** Folder names (case-insensitive, exact) whose transcripts are skipped as `folder_excluded`. */
  excludedTranscriptFolders: string[];
  /** Metered transcript items a calendar month (UTC) may count; null is unlimited. A call that would pass it is `plan_blocked`. */
  monthlyCallAllowance: number | null;
}

export const DEFAULT_SETTINGS: ProjectSettings = {
  allowedOrigins: [],
  customerValueTrait: null,
  identityLinking: 'auto',
  identityLinkingIgnore: [],
  excludedTranscriptTitles: [],
  excludedTranscriptFolders: [],
  monthlyCallAllowance: null,
};

export type ProjectEvent =
  | { type: 'ProjectCreated'; data: { projectId: string; name: string; createdAt: string; settings: ProjectSettings } }
  | { type: 'ProjectSettingsChanged'; data: { projectId: string; changes: Partial<ProjectSettings>; changedAt: string } }
  | {
      type: 'ApiKeyIssued';
      data: { projectId: string; keyId: string; keyType: KeyType; mode: KeyMode; prefix: string; keyHash: string; issuedAt: string };
    }
  | { type: 'ApiKeyRevoked'; data: { projectId: string; keyId: string; revokedAt: string } };

export const projectStream = (projectId: string) => `project-${projectId}`;
