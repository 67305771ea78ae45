import { Type, type Static } from '@sinclair/typebox';
import { commandContextFor } from '../../src/http/command-context.js';
import type { RouteSpec } from '../../src/http/route.js';
import { commonProblems } from '../../src/http/common-responses.js';
import type { CoreServices } from '../../src/services.js';
import { Chars } from '../../src/http/chars.js';
import { NotFound } from '../../src/domain/errors.js';
import { LABEL_LIMIT_CHARS } from '../../src/domain/cluster/label-rules.js';
import { ClusterSchema, findCluster, toCluster } from '../../queries/clusters/cluster-record.js';
import { ClusterIdParams } from '../../queries/clusters/detail-route.js';
import { themeSuggestions } from '../../queries/clusters/theme-suggestions.js';
import { acceptThemeSuggestion } from './handler.js';
import { KeywordsField } from '../define-cluster/schema.js';

const AcceptSuggestionBody = Type.Object(
  {
    label: Type.Optional(Chars({ minLength: 1, maxLength: LABEL_LIMIT_CHARS, description: 'The defined theme’s label; the suggestion’s label when absent.' })),
    keywords: Type.Optional(KeywordsField),
  },
  { additionalProperties: false },
);

export function acceptThemeSuggestionRoute(services: CoreServices): RouteSpec<Static<typeof AcceptSuggestionBody>, unknown, { id: string }> {
  return {
    method: 'POST',
    path: '/api/v1/clusters/suggestions/:id/accept',
    operationId: 'acceptThemeSuggestion',
    summary: 'Make a suggested theme a defined one',
    description:
      'Extension. The suggested discovered theme becomes a defined theme, keeping its id and items: its keywords (the suggestion’s ' +
      'top terms unless `keywords` are given) are recorded as `ClusterDefinitionChanged` and its label (the current one unless ' +
      '`label` is given) as `ClusterRenamed`, so it is never merged away or relabelled automatically, and the items that name its ' +
      'keywords move in. 404 when the id is not a current suggestion of this project.',
    tags: ['clusters'],
    auth: ['secret'],
    params: ClusterIdParams,
    body: AcceptSuggestionBody,
    responses: { 200: { description: 'The theme, now defined.', schema: ClusterSchema }, ...commonProblems(['400', '401', '404', '429']) },
    async handle(request) {
      const { projectId } = request.auth;
      const [suggestion] = await themeSuggestions(services.db, projectId, services.clock.now(), 1, request.params.id);
      if (!suggestion) throw new NotFound('The suggestion');
      await acceptThemeSuggestion(services, { projectId, suggestion, ...request.body }, commandContextFor(request));
      return { status: 200, body: toCluster((await findCluster(services.db, projectId, suggestion.id))!) };
    },
  };
}
