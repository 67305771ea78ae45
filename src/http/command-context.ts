import type { CommandContext } from '../eventstore/command-context.js';
import type { RouteRequest } from './route.js';

/**
 * The header under which the route pipeline gives routes the id this request is known by: the
 * client's X-Request-Id when sane, else the one the service made up (both echoed in the response).
 */
export const REQUEST_ID_HEADER = 'x-request-id';

/** The context of a command an API call runs: correlated and caused by the request, on behalf of its key. */
export function commandContextFor(request: Pick<RouteRequest<unknown, unknown, unknown>, 'auth' | 'headers'>): CommandContext {
  const requestId = request.headers[REQUEST_ID_HEADER];
  if (typeof requestId !== 'string') throw new Error('The route pipeline hands every route the request id.');
  const { keyId, keyType } = request.auth;
  return { correlationId: requestId, causationId: requestId, actor: { kind: 'api-key', keyId, keyType } };
}
