export type IdentityLinking = 'auto' | 'suggest' | 'off';
export type DigestCadence = 'daily' | 'weekly' | 'off';
export const DIGEST_CADENCES: readonly DigestCadence[] = ['daily', 'weekly', 'off'];
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
  /**
   * The Slack incoming-webhook URL, sealed (AES-256-GCM with the webhook secret key, as webhook signing
   * secrets are): the URL is a credential, so the log never holds it in the clear. Null: no Slack.
   */
  slackWebhookCiphertext: string | null;
  /** Users at risk are alerted when their customer value is at least this (exact decimal); null: the project's top quartile. */
  slackMinValue: string | null;
  digest: DigestCadence;
  /** Where the digest is mailed (besides Slack, when set). */
  digestEmails: string[];
  /** When the digest was last switched on or its cadence changed: periods that ended before are never sent. */
  digestSince: string | null;
  /** Sealed secrets verifying inbound tracker webhooks (`POST /api/v1/integrations/github|linear/{projectId}`). */
  githubWebhookSecretCiphertext: string | null;
  linearWebhookSecretCiphertext: string | null;
}

export const DEFAULT_SETTINGS: ProjectSettings = {
  allowedOrigins: [],
  customerValueTrait: null,
  identityLinking: 'auto',
  identityLinkingIgnore: [],
  excludedTranscriptTitles: [],
  excludedTranscriptFolders: [],
  monthlyCallAllowance: null,
  slackWebhookCiphertext: null,
  slackMinValue: null,
  digest: 'off',
  digestEmails: [],
  digestSince: null,
  githubWebhookSecretCiphertext: null,
  linearWebhookSecretCiphertext: null,
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
