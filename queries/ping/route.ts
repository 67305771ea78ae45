import { Type } from '@sinclair/typebox';
import type { RouteSpec } from '../../src/http/route.js';
import { commonProblems } from '../../src/http/common-responses.js';

export const PingResponse = Type.Object({
  project: Type.Object({ id: Type.String(), name: Type.String() }),
  key: Type.Object({
    type: Type.Union([Type.Literal('secret'), Type.Literal('widget')]),
    mode: Type.Union([Type.Literal('test'), Type.Literal('live')]),
  }),
});

export function pingRoute(): RouteSpec {
  return {
    method: 'GET',
    path: '/api/v1/ping',
    operationId: 'ping',
    summary: 'Validate a key',
    description: 'Returns the project the key belongs to and the key type and mode (spec 4.11).',
    tags: ['platform'],
    auth: ['secret', 'widget'],
    responses: { 200: { description: 'The key is valid.', schema: PingResponse }, ...commonProblems(['401', '403', '429']) },
    async handle({ auth }) {
      return {
        status: 200,
        body: { project: { id: auth.projectId, name: auth.projectName }, key: { type: auth.keyType, mode: auth.mode } },
      };
    },
  };
}
