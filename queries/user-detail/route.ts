import { NotFound } from '../../src/domain/errors.js';
import { commonProblems } from '../../src/http/common-responses.js';
import type { RouteSpec } from '../../src/http/route.js';
import type { CoreServices } from '../../src/services.js';
import { findUser } from './query.js';
import { UserIdParams, UserSchema } from './schema.js';

export function userDetailRoute(services: CoreServices): RouteSpec<unknown, unknown, { userId: string }> {
  return {
    method: 'GET',
    path: '/api/v1/users/:userId',
    operationId: 'getUser',
    summary: 'One end user: traits, value marks, sightings and feedback',
    description:
      'Spec 4.6. A user is known once identified or once an item carries their `userId`; otherwise (or in another project) 404. ' +
      'Percent-encode a `userId` that holds `/` or other reserved characters.',
    tags: ['users'],
    auth: ['secret'],
    params: UserIdParams,
    responses: { 200: { description: 'The user.', schema: UserSchema }, ...commonProblems(['400', '401', '404', '429']) },
    async handle({ params, auth }) {
      const user = await findUser(services.db, auth.projectId, params.userId, services.clock.now());
      if (!user) throw new NotFound('The user');
      return { status: 200, body: user };
    },
  };
}
