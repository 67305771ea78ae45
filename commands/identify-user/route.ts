import { commandContextFor } from '../../src/http/command-context.js';
import { commonProblems } from '../../src/http/common-responses.js';
import type { RouteSpec } from '../../src/http/route.js';
import type { CoreServices } from '../../src/services.js';
import { identifyUser } from './handler.js';
import { identifyProblems } from './rules.js';
import { IdentifyUserBody, IdentifyUserResponse } from './schema.js';

export function identifyUserRoute(services: CoreServices): RouteSpec<IdentifyUserBody> {
  return {
    method: 'POST',
    path: '/api/v1/users/identify',
    operationId: 'identifyUser',
    summary: 'Identify an end user and merge traits',
    description:
      "Spec 4.5. Traits shallow-merge into the user's; every call counts as a sighting (`lastSeenAt`). With a secret key the answer " +
      'is `{ userId, traits }`; null removes a trait with its value mark. A widget key never sees traits: it gets `{ userId, warnings }`, ' +
      'and may write only strings and booleans: a number or the customer-value trait is dropped with `value_requires_secret_key`, a ' +
      'null with `unset_requires_secret_key`, and a trait that holds a number a server set keeps it silently. An invalid customer ' +
      'value is 422 `invalid-customer-value` with `key`, and nothing of the call is written.',
    tags: ['users'],
    auth: ['secret', 'widget'],
    rateLimit: { perMinute: 120 },
    body: IdentifyUserBody,
    validate: ({ body }) => identifyProblems(body),
    responses: {
      200: { description: 'Identified: the merged traits (secret key) or the warnings (widget key).', schema: IdentifyUserResponse },
      ...commonProblems(['400', '401', '403', '413', '422', '429']),
    },
    async handle(request) {
      const { auth, body } = request;
      const outcome = await identifyUser(
        services,
        { projectId: auth.projectId, userId: body.userId, traits: body.traits, keyType: auth.keyType },
        commandContextFor(request),
      );
      const answer = auth.keyType === 'secret' ? { traits: outcome.traits } : { warnings: outcome.warnings };
      return { status: 200, body: { userId: body.userId, ...answer } };
    },
  };
}
