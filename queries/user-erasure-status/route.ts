import { NotFound } from '../../src/domain/errors.js';
import { commonProblems } from '../../src/http/common-responses.js';
import type { RouteSpec } from '../../src/http/route.js';
import type { CoreServices } from '../../src/services.js';
import { findUserDeletion } from './query.js';
import { DeletionRequestParams, UserDeletionSchema } from './schema.js';

export function userDeletionStatusRoute(services: CoreServices): RouteSpec<unknown, unknown, { requestId: string }> {
  return {
    method: 'GET',
    path: '/api/v1/users/deletions/:requestId',
    operationId: 'getUserDeletion',
    summary: 'The status of a user-deletion request',
    description:
      'An extension (spec 2.8, 3.5): `pending` from the `DELETE /api/v1/users/{userId}` until the user is erased, then `completed`. ' +
      'It names no user. 404 for an unknown request or one of another project.',
    tags: ['users'],
    auth: ['secret'],
    params: DeletionRequestParams,
    responses: { 200: { description: 'The request.', schema: UserDeletionSchema }, ...commonProblems(['400', '401', '404', '429']) },
    async handle({ params, auth }) {
      const deletion = await findUserDeletion(services.db, auth.projectId, params.requestId);
      if (!deletion) throw new NotFound('The deletion request');
      return { status: 200, body: deletion };
    },
  };
}
