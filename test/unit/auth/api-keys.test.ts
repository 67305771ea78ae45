import { testContext } from '../../support/test-context.js';
import { expect } from 'chai';
import { createHash } from 'node:crypto';
import { API_KEY_PATTERN, generateApiKey, hashApiKey, keyPrefix } from '../../../src/auth/api-keys.js';
import { createProject } from '../../../commands/create-project/handler.js';
import { issueApiKey } from '../../../commands/issue-api-key/handler.js';
import { revokeApiKey } from '../../../commands/revoke-api-key/handler.js';
import { loadConfig } from '../../../src/config.js';
import { createLogger } from '../../../src/logger.js';
import { openRuntime, type Runtime } from '../../../src/runtime.js';

const BASE62 = /^[0-9A-Za-z]+$/;

describe('API keys (spec 5.2, 5.3)', () => {
  describe('generateApiKey', () => {
    const cases = [
      ['secret', 'test', 'sk_test_'],
      ['secret', 'live', 'sk_live_'],
      ['widget', 'test', 'pk_test_'],
      ['widget', 'live', 'pk_live_'],
    ] as const;
    for (const [keyType, mode, prefix] of cases) {
      it(`makes ${keyType}/${mode} keys of the form ${prefix} + 32 base62 characters`, () => {
        const { key } = generateApiKey(keyType, mode);
        expect(key.startsWith(prefix)).to.equal(true);
        const random = key.slice(prefix.length);
        expect(random).to.have.length(32);
        expect(random).to.match(BASE62);
        expect(API_KEY_PATTERN.test(key)).to.equal(true);
      });
    }

    it('carries at least 128 bits of randomness', () => {
      const random = generateApiKey('secret', 'test').key.slice('sk_test_'.length);
      expect(random.length * Math.log2(62)).to.be.at.least(128);
    });

    it('never repeats a key and uses the whole base62 alphabet', () => {
      const keys = Array.from({ length: 2000 }, () => generateApiKey('secret', 'live').key);
      expect(new Set(keys).size).to.equal(keys.length);
      const seen = new Set(keys.join('').replace(/sk_live_/g, ''));
      // 64,000 random characters: every one of the 62 symbols appears (a missing one would mean a biased generator).
      expect(seen.size).to.equal(62);
    });

    it('spreads characters evenly enough (no symbol twice as likely as another)', () => {
      const counts = new Map<string, number>();
      for (let i = 0; i < 2000; i++) {
        for (const char of generateApiKey('widget', 'test').key.slice(8)) counts.set(char, (counts.get(char) ?? 0) + 1);
      }
      const values = [...counts.values()];
      expect(Math.max(...values) / Math.min(...values)).to.be.below(2);
    });

    it('returns the hash and prefix of the key it returns', () => {
      const generated = generateApiKey('secret', 'test');
      expect(generated.keyHash).to.equal(hashApiKey(generated.key));
      expect(generated.prefix).to.equal(keyPrefix(generated.key));
      expect(generated.key.startsWith(generated.prefix)).to.equal(true);
    });
  });

  describe('hashApiKey', () => {
    it('is the lowercase hex SHA-256 of the key', () => {
      const key = `sk_test_${'a1B2'.repeat(8)}`;
      expect(hashApiKey(key)).to.equal(createHash('sha256').update(key).digest('hex'));
      expect(hashApiKey(key)).to.match(/^[0-9a-f]{64}$/);
    });

    it('is deterministic and different for different keys', () => {
      const a = generateApiKey('secret', 'test').key;
      const b = generateApiKey('secret', 'test').key;
      expect(hashApiKey(a)).to.equal(hashApiKey(a));
      expect(hashApiKey(a)).not.to.equal(hashApiKey(b));
      expect(hashApiKey(a)).not.to.include(a.slice(8));
    });
  });

  describe('keyPrefix', () => {
    it('is the type, mode and first four random characters', () => {
      expect(keyPrefix(`sk_live_Ab3x${'z'.repeat(28)}`)).to.equal('sk_live_Ab3x');
      expect(keyPrefix(`pk_test_Q9wE${'0'.repeat(28)}`)).to.equal('pk_test_Q9wE');
    });

    it('reveals only 4 of the 32 random characters', () => {
      const { key, prefix } = generateApiKey('secret', 'live');
      expect(prefix).to.have.length('sk_live_'.length + 4);
      expect(key.length - prefix.length).to.equal(28);
    });
  });

  describe('API_KEY_PATTERN', () => {
    it('rejects malformed keys', () => {
      const good = generateApiKey('secret', 'test').key;
      for (const bad of [
        good.slice(0, -1),
        `${good}a`,
        `xx${good.slice(2)}`,
        `sk_prod_${good.slice(8)}`,
        `${good.slice(0, -1)}-`,
        ` ${good}`,
        good.toUpperCase(),
      ]) {
        expect(API_KEY_PATTERN.test(bad), bad).to.equal(false);
      }
    });
  });

  describe('storage: only hashes are kept (spec 5.2)', () => {
    let runtime: Runtime;

    before(async () => {
      const config = loadConfig({ DATA_DIR: 'memory://', LOG_LEVEL: 'silent' });
      runtime = await openRuntime(config, { holder: 'api-keys test', logger: createLogger('silent') });
      await runtime.engine.start();
    });
    after(() => runtime.close());

    async function expectNowhereStored(key: string): Promise<void> {
      const random = key.slice(8);
      const events = await runtime.db.query<{ data: string; metadata: string }>(`SELECT data::text AS data, metadata::text AS metadata FROM events`);
      expect(events.rows.length).to.be.greaterThan(0);
      for (const row of events.rows) {
        expect(row.data).not.to.include(random);
        expect(row.metadata).not.to.include(random);
      }
      const keys = await runtime.db.query(`SELECT * FROM api_keys`);
      expect(keys.rows.length).to.be.greaterThan(0);
      for (const row of keys.rows) {
        for (const value of Object.values(row)) expect(String(value)).not.to.include(random);
      }
      const projects = await runtime.db.query<{ row: string }>(`SELECT p::text AS row FROM projects p`);
      for (const row of projects.rows) expect(row.row).not.to.include(random);
      const hashes = await runtime.db.query<{ key_hash: string }>(`SELECT key_hash FROM api_keys WHERE key_hash = $1`, [hashApiKey(key)]);
      expect(hashes.rows).to.have.length(1);
    }

    it('createProject stores neither key in the events or the api_keys table, only their hashes', async () => {
      const created = await createProject(runtime, { name: 'Hash only', settings: { allowedOrigins: ['https://a.example'] } }, testContext());
      expect(created.secretKey).to.match(/^sk_test_/);
      expect(created.widgetKey).to.match(/^pk_test_/);
      await expectNowhereStored(created.secretKey);
      await expectNowhereStored(created.widgetKey);
    });

    it('issued and revoked keys are not stored either', async () => {
      const created = await createProject(runtime, { name: 'Issued', mode: 'live' }, testContext());
      expect(created.secretKey).to.match(/^sk_live_/);
      const issued = await issueApiKey(runtime, { projectId: created.projectId, keyType: 'widget', mode: 'live' }, testContext());
      await revokeApiKey(runtime, issued.key, testContext());
      await expectNowhereStored(issued.key);
      await expectNowhereStored(created.secretKey);
    });
  });
});
