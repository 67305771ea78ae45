import { expect } from 'chai';
import { fuzzService } from '../fuzz/fuzz-service.js';

/**
 * Fuzzing as a habit: generated requests from the OpenAPI document and hostile generators.
 * A bounded run here with a fixed seed (`FUZZ_SEED` picks another), so that CI is reproducible;
 * `npm run fuzz` runs 10,000 with a new seed each time (replay one with `npm run fuzz -- RUNS SEED`).
 */
describe('generated hostile requests never break the service (property-based)', function () {
  this.timeout(300_000);

  it('400 requests: no 5xx, no hang, every 4xx a problem+json with no state change, /ping answering', async () => {
    const seed = Number(process.env.FUZZ_SEED ?? 20261122);
    const report = await fuzzService({ numRuns: 400, seed });
    console.log(`      fuzz seed ${seed}: ${report.requests} requests, by status ${JSON.stringify(report.byStatus)}`);
    expect(report.failure, report.failure).to.equal(undefined);
    expect(report.requests).to.equal(400);
  });
});
