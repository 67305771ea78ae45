import { expect } from 'chai';
import { FAILED_AUTH_LIMIT_PER_MINUTE } from '../../src/http/failed-auth-guard.js';
import { expectProblem } from '../support/http.js';
import { MutableClock } from '../support/mutable-clock.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

const madeUpKey = (i: number) => `sk_test_${String(i).padStart(32, 'x')}`;

/** Unknown-key requests were never rate-limited and each cost a query. */
describe('requests with missing, unknown or revoked keys are limited per client address', () => {
  let server: TestServer;
  let secretKey: string;
  const clock = new MutableClock(new Date('2026-03-02T10:00:05Z'));

  before(async () => {
    server = await startTestServer({ clock });
    ({ secretKey } = await server.createProject({ name: 'Flooded' }));
    // Known to this node before the flood.
    expect((await server.request('/api/v1/ping', { key: secretKey })).status).to.equal(200);
  });
  after(() => server.close());

  it(`${FAILED_AUTH_LIMIT_PER_MINUTE} failures a minute get 401; the next request with an unknown key is a 429 with Retry-After`, async () => {
    for (let i = 0; i < FAILED_AUTH_LIMIT_PER_MINUTE; i++) {
      const response = await server.request('/api/v1/ping', { key: i % 2 ? madeUpKey(i) : undefined });
      expect(response.status, `request ${i}`).to.equal(401);
    }
    const refused = await server.request('/api/v1/ping', { key: madeUpKey(999) });
    expect(refused.headers.get('retry-after')).to.equal('55');
    const problem = await expectProblem(refused, 429, 'rate-limited');
    expect(problem.detail).to.include('unknown or revoked key');
  });

  it('a key this node already knows keeps working from the same address', async () => {
    expect((await server.request('/api/v1/ping', { key: secretKey })).status).to.equal(200);
  });

  it('the next minute, unknown keys are answered 401 again', async () => {
    clock.advance(60_000);
    expect((await server.request('/api/v1/ping', { key: madeUpKey(1000) })).status).to.equal(401);
  });
});
