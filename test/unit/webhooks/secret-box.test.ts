import { expect } from 'chai';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { decryptSecret, encryptSecret, newSigningSecret, SECRET_KEY_FILE, webhookSecretKey, WebhooksNotConfigured } from '../../../src/webhooks/secret-box.js';
import { signDelivery } from '../../../src/webhooks/signing.js';
import { createHmac } from 'node:crypto';
import { ConfigError, loadConfig } from '../../../src/config.js';

describe('Webhook secrets at rest and signing (spec 6)', () => {
  it('seals a secret with AES-256-GCM: different ciphertext each time, tampering detected', () => {
    const key = Buffer.alloc(32, 7);
    const secret = newSigningSecret();
    const a = encryptSecret(key, secret);
    expect(a).not.to.equal(encryptSecret(key, secret)).and.not.include(secret.slice(6));
    expect(decryptSecret(key, a)).to.equal(secret);
    const parts = a.split('.');
    const tampered = [
      ...parts.slice(0, 3),
      Buffer.from('x' + Buffer.from(parts[3], 'base64url').toString('latin1').slice(1), 'latin1').toString('base64url'),
    ].join('.');
    expect(() => decryptSecret(key, tampered)).to.throw();
    expect(() => decryptSecret(Buffer.alloc(32, 8), a)).to.throw();
  });

  it('generates the key once into DATA_DIR with mode 0600; with DATABASE_URL it needs WEBHOOK_SECRET_KEY', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'whkey-'));
    try {
      const first = webhookSecretKey({ dataDir: dir });
      expect(first).to.have.length(32);
      expect(statSync(path.join(dir, SECRET_KEY_FILE)).mode & 0o777).to.equal(0o600);
      expect(webhookSecretKey({ dataDir: dir }).equals(first)).to.equal(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    expect(() => webhookSecretKey({ dataDir: './data', databaseUrl: 'postgres://db/x' })).to.throw(WebhooksNotConfigured, /WEBHOOK_SECRET_KEY/);
    const key = Buffer.alloc(32, 1);
    expect(webhookSecretKey({ dataDir: './data', databaseUrl: 'postgres://db/x', webhookSecretKey: key })).to.equal(key);
  });

  it('reads WEBHOOK_SECRET_KEY as 64 hex characters or base64 of 32 bytes, and refuses anything else', () => {
    expect(loadConfig({ WEBHOOK_SECRET_KEY: 'ab'.repeat(32) }).webhookSecretKey).to.deep.equal(Buffer.alloc(32, 0xab));
    expect(loadConfig({ WEBHOOK_SECRET_KEY: Buffer.alloc(32, 3).toString('base64') }).webhookSecretKey).to.deep.equal(Buffer.alloc(32, 3));
    expect(() => loadConfig({ WEBHOOK_SECRET_KEY: 'too-short' })).to.throw(ConfigError, /WEBHOOK_SECRET_KEY/);
  });

  it('signs "<t>.<raw body>" as lowercase hex (spec 6) and "<id>.<t>.<body>" with the decoded key (Standard Webhooks)', () => {
    const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
    const body = '{"id":"evt_1","event":"cluster.resolved","occurredAt":"2026-03-01T12:00:00.000Z","data":{}}';
    const headers = signDelivery(secret, 'evt_1', 1772366400, body);
    const hex = createHmac('sha256', secret).update(`1772366400.${body}`).digest('hex');
    expect(headers['X-Service-Signature']).to.equal(`t=1772366400,v1=${hex}`);
    const b64 = createHmac('sha256', Buffer.from('MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', 'base64')).update(`evt_1.1772366400.${body}`).digest('base64');
    expect(headers).to.include({ 'webhook-id': 'evt_1', 'webhook-timestamp': '1772366400', 'webhook-signature': `v1,${b64}` });
  });
});
