import { projectDecider } from '../../../src/domain/project/decider.js';
import { DEFAULT_SETTINGS, type ProjectEvent } from '../../../src/domain/project/events.js';
import type { IssuedKey } from '../../../src/domain/project/decide.js';
import { Conflict, Invalid, NotFound } from '../../../src/domain/errors.js';
import { DeciderSpecification } from '../../support/decider-spec.js';

const spec = DeciderSpecification.for(projectDecider);
const now = '2026-01-01T00:00:00.000Z';
const key = (keyId: string, keyType: 'secret' | 'widget' = 'secret'): IssuedKey => ({
  keyId,
  keyType,
  mode: 'test',
  prefix: 'sk_test_abcd',
  keyHash: `hash-${keyId}`,
});
const created: ProjectEvent = { type: 'ProjectCreated', data: { projectId: 'p1', name: 'Acme', createdAt: now, settings: DEFAULT_SETTINGS } };
const issued: ProjectEvent = { type: 'ApiKeyIssued', data: { projectId: 'p1', ...key('k1'), issuedAt: now } };
const revoked: ProjectEvent = { type: 'ApiKeyRevoked', data: { projectId: 'p1', keyId: 'k1', revokedAt: now } };
const namesField = (field: string) => (error: Invalid) => error.problems.some((problem) => problem.field === field);

describe('project decider', () => {
  it('given nothing, when the project is created, then ProjectCreated with defaults and one ApiKeyIssued per key', () => {
    spec
      .given([])
      .when({
        type: 'CreateProject',
        projectId: 'p1',
        name: ' Acme ',
        settings: { allowedOrigins: ['https://a.example'] },
        keys: [key('k1'), key('k2', 'widget')],
        now,
      })
      .then([
        {
          type: 'ProjectCreated',
          data: { projectId: 'p1', name: 'Acme', createdAt: now, settings: { ...DEFAULT_SETTINGS, allowedOrigins: ['https://a.example'] } },
        },
        { type: 'ApiKeyIssued', data: { projectId: 'p1', ...key('k1'), issuedAt: now } },
        { type: 'ApiKeyIssued', data: { projectId: 'p1', ...key('k2', 'widget'), issuedAt: now } },
      ]);
  });

  it('given a project, when it is created again, then it is refused as a conflict', () => {
    spec.given([created]).when({ type: 'CreateProject', projectId: 'p1', name: 'Acme', settings: {}, keys: [], now }).thenThrows(Conflict);
  });

  it('given nothing, when a blank name is used, then the name is invalid', () => {
    spec.given([]).when({ type: 'CreateProject', projectId: 'p1', name: '   ', settings: {}, keys: [], now }).thenThrows(Invalid, namesField('name'));
  });

  it('given nothing, when a name over 200 characters is used, then the name is invalid', () => {
    spec
      .given([])
      .when({ type: 'CreateProject', projectId: 'p1', name: 'a'.repeat(201), settings: {}, keys: [], now })
      .thenThrows(Invalid, namesField('name'));
  });

  it('given no project, when settings change, then the project is not found', () => {
    spec
      .given([])
      .when({ type: 'ChangeProjectSettings', changes: { identityLinking: 'off' }, now })
      .thenThrows(NotFound);
  });

  it('given a project, when settings change, then ProjectSettingsChanged carries only the changes', () => {
    spec
      .given([created])
      .when({ type: 'ChangeProjectSettings', changes: { identityLinking: 'suggest' }, now })
      .then([{ type: 'ProjectSettingsChanged', data: { projectId: 'p1', changes: { identityLinking: 'suggest' }, changedAt: now } }]);
  });

  it('given a project, when no setting changes, then nothing', () => {
    spec.given([created]).when({ type: 'ChangeProjectSettings', changes: {}, now }).thenNothing();
  });

  it('given allowed origins, when origins are added and removed, then the event carries the edited list, the others kept', () => {
    const withOrigins: ProjectEvent = {
      type: 'ProjectCreated',
      data: { projectId: 'p1', name: 'Acme', createdAt: now, settings: { ...DEFAULT_SETTINGS, allowedOrigins: ['https://a.example', 'https://b.example'] } },
    };
    spec
      .given([withOrigins])
      .when({
        type: 'ChangeProjectSettings',
        changes: {},
        originEdits: { add: ['https://c.example', 'https://a.example'], remove: ['https://b.example'] },
        now,
      })
      .then([
        { type: 'ProjectSettingsChanged', data: { projectId: 'p1', changes: { allowedOrigins: ['https://a.example', 'https://c.example'] }, changedAt: now } },
      ]);
    spec
      .given([withOrigins])
      .when({ type: 'ChangeProjectSettings', changes: {}, originEdits: { add: ['https://a.example'], remove: [] }, now })
      .thenNothing();
    spec
      .given([withOrigins])
      .when({ type: 'ChangeProjectSettings', changes: {}, originEdits: { add: [], remove: ['https://typo.example'] }, now })
      .thenThrows(Invalid, namesField('allowedOrigins'));
  });

  it('given a project, when a key is issued, then ApiKeyIssued', () => {
    spec
      .given([created])
      .when({ type: 'IssueApiKey', key: key('k1'), now })
      .then([issued]);
  });

  it('given a key, when it is revoked, then ApiKeyRevoked; when revoked again, then nothing', () => {
    spec.given([created, issued]).when({ type: 'RevokeApiKey', keyId: 'k1', now }).then([revoked]);
    spec.given([created, issued, revoked]).when({ type: 'RevokeApiKey', keyId: 'k1', now }).thenNothing();
  });

  it('given a project, when an unknown key is revoked, then the key is not found', () => {
    spec.given([created]).when({ type: 'RevokeApiKey', keyId: 'nope', now }).thenThrows(NotFound);
  });
});
