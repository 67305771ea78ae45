import { Type } from '@sinclair/typebox';
import { commandContextFor } from '../../src/http/command-context.js';
import { commonProblems } from '../../src/http/common-responses.js';
import type { RouteSpec } from '../../src/http/route.js';
import type { CoreServices } from '../../src/services.js';
import { UserIdParams } from '../../queries/user-detail/schema.js';
import { UserDeletionSchema } from '../../queries/user-erasure-status/schema.js';
import { requestUserErasure } from './handler.js';

export function eraseUserRoute(services: CoreServices): RouteSpec<unknown, unknown, { userId: string }> {
  return {
    method: 'DELETE',
    path: '/api/v1/users/:userId',
    operationId: 'deleteUser',
    summary: 'Erase an end user with all their feedback',
    description:
      'Spec 4.7. Queues the erasure of every feedback item of the user and of their profile (traits, value marks), from the read models ' +
      'and from the event log; theme statistics are recomputed. Answers 202 at once; follow the request with ' +
      '`GET /api/v1/users/deletions/{requestId}`. Items are deleted in rounds (`USER_ERASURE_BATCH`, 500 by default), so a user with ' +
      '10,000 items completes within a minute or two on the embedded database. A user the project has not seen (or of another project) is 404. ' +
      'Percent-encode a `userId` that holds `/` or other reserved characters.',
    tags: ['users'],
    auth: ['secret'],
    params: UserIdParams,
    responses: {
      202: { description: 'The erasure is queued.', schema: Type.Pick(UserDeletionSchema, ['requestId', 'status']) },
      ...commonProblems(['400', '401', '404', '429']),
    },
    async handle(request) {
      const { requestId } = await requestUserErasure(
        services,
        { projectId: request.auth.projectId, userId: request.params.userId },
        commandContextFor(request),
      );
      return { status: 202, body: { requestId, status: 'pending' } };
    },
  };
}
