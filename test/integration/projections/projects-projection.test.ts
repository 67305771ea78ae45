import { DEFAULT_SETTINGS, type ProjectEvent } from '../../../src/domain/project/events.js';
import { projectsProjection } from '../../../projections/projects/projection.js';
import { ProjectionSpecification } from '../../support/projection-spec.js';

const createdAt = '2026-01-01T00:00:00.000Z';
const later = '2026-01-02T00:00:00.000Z';
const created: ProjectEvent = {
  type: 'ProjectCreated',
  data: { projectId: 'p1', name: 'Acme', createdAt, settings: { ...DEFAULT_SETTINGS, allowedOrigins: ['https://a.example', 'https://b.example'] } },
};
const issued = (keyId: string): ProjectEvent => ({
  type: 'ApiKeyIssued',
  data: { projectId: 'p1', keyId, keyType: 'secret', mode: 'test', prefix: 'sk_test_abcd', keyHash: `hash-${keyId}`, issuedAt: createdAt },
});
const originsChanged = (projectId: string, allowedOrigins: string[]): ProjectEvent => ({
  type: 'ProjectSettingsChanged',
  data: { projectId, changes: { allowedOrigins }, changedAt: later },
});

const ORIGINS = `SELECT project_id, origin FROM project_origins ORDER BY project_id, origin`;
const KEYS = `SELECT key_id, project_id, key_type, mode, prefix, key_hash, issued_at, revoked_at FROM api_keys ORDER BY key_id`;

describe('projects projection', () => {
  let spec: ProjectionSpecification;
  before(async () => (spec = await ProjectionSpecification.for(projectsProjection)));
  after(() => spec.close());

  it('given ProjectCreated, then the project row with its settings and one row per allowed origin', async () => {
    await spec
      .given([created])
      .thenRows(`SELECT project_id, name, created_at, settings FROM projects`, [
        { project_id: 'p1', name: 'Acme', created_at: new Date(createdAt), settings: created.data.settings },
      ]);
    await spec.given([created]).thenRows(ORIGINS, [
      { project_id: 'p1', origin: 'https://a.example' },
      { project_id: 'p1', origin: 'https://b.example' },
    ]);
  });

  it('given a project, when settings change, then only the changed settings are replaced', async () => {
    await spec
      .given([created])
      .when([{ type: 'ProjectSettingsChanged', data: { projectId: 'p1', changes: { identityLinking: 'off', customerValueTrait: 'mrr' }, changedAt: later } }])
      .thenRows(`SELECT settings FROM projects`, [{ settings: { ...created.data.settings, identityLinking: 'off', customerValueTrait: 'mrr' } }]);
  });

  it('given a project, when its allowed origins change, then the origin rows are replaced', async () => {
    await spec
      .given([created])
      .when([originsChanged('p1', ['https://c.example'])])
      .thenRows(ORIGINS, [{ project_id: 'p1', origin: 'https://c.example' }]);
  });

  it('when the origins of an unknown project change, then no origin rows appear', async () => {
    await spec
      .given([created])
      .when([originsChanged('p-unknown', ['https://c.example'])])
      .thenRows(ORIGINS, [
        { project_id: 'p1', origin: 'https://a.example' },
        { project_id: 'p1', origin: 'https://b.example' },
      ]);
  });

  it('given issued keys, when one is revoked, then only that key carries revoked_at', async () => {
    const row = (keyId: string, revokedAt: Date | null) => ({
      key_id: keyId,
      project_id: 'p1',
      key_type: 'secret',
      mode: 'test',
      prefix: 'sk_test_abcd',
      key_hash: `hash-${keyId}`,
      issued_at: new Date(createdAt),
      revoked_at: revokedAt,
    });
    await spec
      .given([created, issued('k1'), issued('k2')])
      .when([{ type: 'ApiKeyRevoked', data: { projectId: 'p1', keyId: 'k1', revokedAt: later } }])
      .thenRows(KEYS, [row('k1', new Date(later)), row('k2', null)]);
  });
});
