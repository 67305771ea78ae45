import { expect } from 'chai';
import { projectDecider } from '../../../src/domain/project/decider.js';
import { DEFAULT_SETTINGS, type ProjectEvent } from '../../../src/domain/project/events.js';
import type { IssuedKey } from '../../../src/domain/project/decide.js';
import { AppError } from '../../../src/errors.js';
import { givenWhenThen } from '../../support/given-when-then.js';

const decide = givenWhenThen(projectDecider);
const now = '2026-01-01T00:00:00.000Z';
const key = (keyId: string, keyType: 'secret' | 'widget' = 'secret'): IssuedKey => ({ keyId, keyType, mode: 'test', prefix: 'sk_test_abcd', keyHash: `hash-${keyId}` });
const created: ProjectEvent = { type: 'ProjectCreated', data: { projectId: 'p1', name: 'Acme', createdAt: now, settings: DEFAULT_SETTINGS } };
const issued: ProjectEvent = { type: 'ApiKeyIssued', data: { projectId: 'p1', ...key('k1'), issuedAt: now } };

describe('project decider', () => {
  it('given nothing, when the project is created, then ProjectCreated with defaults and one ApiKeyIssued per key', () => {
    const events = decide([], { type: 'CreateProject', projectId: 'p1', name: ' Acme ', settings: { allowedOrigins: ['https://a.example'] }, keys: [key('k1'), key('k2', 'widget')], now });
    expect(events.map((e) => e.type)).to.deep.equal(['ProjectCreated', 'ApiKeyIssued', 'ApiKeyIssued']);
    expect(events[0].data).to.deep.include({ name: 'Acme' });
    expect((events[0].data as any).settings).to.deep.equal({ ...DEFAULT_SETTINGS, allowedOrigins: ['https://a.example'] });
  });

  it('given a project, when it is created again, then it is refused', () => {
    expect(() => decide([created], { type: 'CreateProject', projectId: 'p1', name: 'Acme', settings: {}, keys: [], now })).to.throw(AppError);
  });

  it('given nothing, when a blank name is used, then 400', () => {
    expect(() => decide([], { type: 'CreateProject', projectId: 'p1', name: '   ', settings: {}, keys: [], now }))
      .to.throw(AppError).with.property('status', 400);
  });

  it('given no project, when settings change, then 404', () => {
    expect(() => decide([], { type: 'ChangeProjectSettings', changes: { identityLinking: 'off' }, now })).to.throw(AppError).with.property('status', 404);
  });

  it('given a project, when settings change, then ProjectSettingsChanged carries only the changes', () => {
    const events = decide([created], { type: 'ChangeProjectSettings', changes: { identityLinking: 'suggest' }, now });
    expect(events).to.deep.equal([{ type: 'ProjectSettingsChanged', data: { projectId: 'p1', changes: { identityLinking: 'suggest' }, changedAt: now } }]);
  });

  it('given a key, when it is revoked, then ApiKeyRevoked; when revoked again, then nothing', () => {
    const revoked = decide([created, issued], { type: 'RevokeApiKey', keyId: 'k1', now });
    expect(revoked).to.deep.equal([{ type: 'ApiKeyRevoked', data: { projectId: 'p1', keyId: 'k1', revokedAt: now } }]);
    expect(decide([created, issued, ...revoked], { type: 'RevokeApiKey', keyId: 'k1', now })).to.deep.equal([]);
  });

  it('given a project, when an unknown key is revoked, then 404', () => {
    expect(() => decide([created], { type: 'RevokeApiKey', keyId: 'nope', now })).to.throw(AppError).with.property('status', 404);
  });
});
