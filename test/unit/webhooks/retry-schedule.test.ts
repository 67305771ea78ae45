import { expect } from 'chai';
import { retryDelaySeconds, RETRY_DELAYS_SECONDS } from '../../../src/webhooks/retry-schedule.js';

describe('Webhook retry schedule (spec 6)', () => {
  it('retries after 30 s, 2 min, 10 min, 1 h and 6 h, each plus up to 20 % jitter', () => {
    expect(RETRY_DELAYS_SECONDS).to.deep.equal([30, 120, 600, 3600, 21_600]);
    expect([1, 2, 3, 4, 5].map((n) => retryDelaySeconds(n, () => 0))).to.deep.equal(RETRY_DELAYS_SECONDS);
    expect(retryDelaySeconds(1, () => 0.999)).to.equal(36);
  });
});
