import { Conflict, DomainError, Invalid, NotFound } from '../domain/errors.js';
import { InvalidCustomerValue } from '../domain/user/customer-value.js';
import { AppError, invalidRequest } from './app-error.js';

/** The problem a domain error is shown as over HTTP (spec 7); undefined for one the API does not know. */
export function problemForDomainError(error: DomainError): AppError | undefined {
  if (error instanceof NotFound) return new AppError(404, 'not-found', 'Not found', error.message);
  // Before Invalid, which it refines: spec 7 gives it its own status and the offending trait as `key`.
  if (error instanceof InvalidCustomerValue) {
    return new AppError(422, 'invalid-customer-value', 'Invalid customer value', error.message, { key: error.key });
  }
  if (error instanceof Conflict) return new AppError(409, 'conflict', 'Conflict', error.message);
  if (error instanceof Invalid) return invalidRequest(error.problems, error.message);
  return undefined;
}

/** The problem any thrown value is shown as, if it is one the API knows; everything else is a 500. */
export function problemFor(error: unknown): AppError | undefined {
  if (error instanceof AppError) return error;
  if (error instanceof DomainError) return problemForDomainError(error);
  return undefined;
}
