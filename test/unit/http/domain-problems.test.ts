import { expect } from 'chai';
import type Koa from 'koa';
import { Conflict, DomainError, Invalid, NotFound } from '../../../src/domain/errors.js';
import { InvalidCustomerValue } from '../../../src/domain/user/customer-value.js';
import { AppError, unauthorized } from '../../../src/http/app-error.js';
import { problemFor } from '../../../src/http/domain-problems.js';
import { problemMiddleware } from '../../../src/http/problem-middleware.js';
import { createLogger } from '../../../src/logger.js';

const BASE = 'https://problems.example';

/** The problem+json body the middleware renders for what a handler throws. */
async function rendered(thrown: unknown): Promise<{ status: number; type: string; body: Record<string, unknown> }> {
  const ctx = { method: 'POST' } as Koa.Context;
  await problemMiddleware(BASE, createLogger('silent'))(ctx, async () => {
    throw thrown;
  });
  return { status: ctx.status, type: ctx.type, body: ctx.body as Record<string, unknown> };
}

describe('domain errors as problem+json (spec 7)', () => {
  it('NotFound is 404 not-found, its message the detail', async () => {
    expect(await rendered(new NotFound('The feedback item'))).to.deep.equal({
      status: 404,
      type: 'application/problem+json',
      body: { type: `${BASE}/not-found`, title: 'Not found', status: 404, detail: 'The feedback item was not found in this project.' },
    });
  });

  it('NotFound with its own message keeps it', async () => {
    const { body } = await rendered(new NotFound('The feedback item', 'The item first submitted with this Idempotency-Key has since been deleted.'));
    expect(body.detail).to.equal('The item first submitted with this Idempotency-Key has since been deleted.');
  });

  it('Conflict (and what extends it) is 409 conflict', async () => {
    class AlreadyThere extends Conflict {}
    for (const error of [new Conflict('The project exists already.'), new AlreadyThere('The project exists already.')]) {
      expect((await rendered(error)).body).to.deep.equal({ type: `${BASE}/conflict`, title: 'Conflict', status: 409, detail: 'The project exists already.' });
    }
  });

  it('Invalid with field problems is 400 invalid-request naming every field, in detail and errors', async () => {
    const problems = [
      { field: 'allowedOrigins', message: '"x" is not an http(s) origin' },
      { field: 'identityLinking', message: 'must be one of auto, suggest, off' },
    ];
    expect((await rendered(new Invalid(problems))).body).to.deep.equal({
      type: `${BASE}/invalid-request`,
      title: 'Invalid request',
      status: 400,
      detail: 'allowedOrigins: "x" is not an http(s) origin; identityLinking: must be one of auto, suggest, off',
      errors: problems,
    });
  });

  it('Invalid without a field at fault is 400 with its message and no errors list', async () => {
    expect((await rendered(new Invalid([], 'A cluster cannot merge into itself.'))).body).to.deep.equal({
      type: `${BASE}/invalid-request`,
      title: 'Invalid request',
      status: 400,
      detail: 'A cluster cannot merge into itself.',
    });
  });

  it('InvalidCustomerValue is 422 invalid-customer-value with the trait as `key` (spec 7), not a 400', async () => {
    const { status, body } = await rendered(new InvalidCustomerValue('mrr'));
    expect(status).to.equal(422);
    expect(body).to.include({ type: `${BASE}/invalid-customer-value`, title: 'Invalid customer value', status: 422, key: 'mrr' });
    expect(body.detail).to.match(/^mrr is the customer value/);
    expect(body).to.not.have.property('errors');
  });

  it('an HTTP error passes through as it is', async () => {
    const error = unauthorized('The API key is unknown or has been revoked.');
    expect(problemFor(error)).to.equal(error);
    expect((await rendered(error)).status).to.equal(401);
  });

  it('a domain error the API does not know, or any other error, is a bare 500', async () => {
    class Unmapped extends DomainError {}
    expect(problemFor(new Unmapped('secret internals'))).to.equal(undefined);
    for (const error of [new Unmapped('secret internals'), new Error('secret internals')]) {
      const { status, body } = await rendered(error);
      expect(status).to.equal(500);
      expect(body).to.include({ type: `${BASE}/internal`, status: 500 });
      expect(JSON.stringify(body)).to.not.include('secret internals');
    }
  });

  it('domain errors carry no HTTP status', () => {
    for (const error of [new NotFound('x'), new Conflict('x'), new Invalid([])]) {
      expect(error).to.not.be.instanceOf(AppError);
      expect(error).to.not.have.property('status');
    }
  });
});
