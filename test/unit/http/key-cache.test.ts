import { expect } from 'chai';
import type { KeyRow } from '../../../src/http/auth.js';
import { KeyCache } from '../../../src/http/key-cache.js';

const row = (revoked: boolean): KeyRow => ({
  key_id: 'k1',
  project_id: 'p1',
  key_type: 'secret',
  mode: 'test',
  revoked_at: revoked ? new Date(0) : null,
  name: 'P',
  allowed_origins: [],
});

describe('KeyCache (unknown keys, timing)', () => {
  let now = 0;
  const stored = new Map<string, KeyRow>([
    ['valid', row(false)],
    ['revoked', row(true)],
  ]);
  const lookups: string[] = [];
  const cache = new KeyCache(
    async (hash) => {
      lookups.push(hash);
      return stored.get(hash);
    },
    () => now,
  );

  beforeEach(() => {
    lookups.length = 0;
  });

  it('a never-issued key and a revoked key take the same path: one lookup each, then none', async () => {
    expect(await cache.get('never-issued')).to.equal(undefined);
    expect((await cache.get('revoked'))?.revoked_at).to.not.equal(null);
    expect(lookups).to.deep.equal(['never-issued', 'revoked']);
    await cache.get('never-issued');
    await cache.get('revoked');
    expect(lookups).to.deep.equal(['never-issued', 'revoked']);
  });

  it('knows only valid keys it has resolved', async () => {
    expect(cache.knows('valid')).to.equal(false);
    await cache.get('valid');
    expect(cache.knows('valid')).to.equal(true);
    expect(cache.knows('revoked')).to.equal(false);
    expect(cache.knows('never-issued')).to.equal(false);
  });

  it('a remembered unknown key is looked up again after the TTL (a key issued by another node)', async () => {
    now += 10_001;
    stored.set('never-issued', row(false));
    expect((await cache.get('never-issued'))?.key_id).to.equal('k1');
    expect(lookups).to.deep.equal(['never-issued']);
  });

  it('a key event applied in this process forgets the unknown keys at once', async () => {
    expect(await cache.get('issued-later')).to.equal(undefined);
    stored.set('issued-later', row(false));
    cache.observe([{ type: 'ApiKeyIssued' } as never]);
    expect((await cache.get('issued-later'))?.key_id).to.equal('k1');
  });
});
