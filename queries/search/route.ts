import { redact } from '../../src/analysis/redaction/index.js';
import type { Analyzer } from '../../src/analysis/analyzer.js';
import type { RouteSpec } from '../../src/http/route.js';
import { commonProblems } from '../../src/http/common-responses.js';
import type { CoreServices } from '../../src/services.js';
import { searchFeedback } from './query.js';
import { SearchQuery, SearchResponse } from './schema.js';

export function searchRoute(services: CoreServices, analyzer: () => Promise<Analyzer>): RouteSpec<unknown, SearchQuery> {
  return {
    method: 'GET',
    path: '/api/v1/search',
    operationId: 'searchFeedback',
    summary: 'Semantic search over the project’s feedback',
    description:
      'Spec 4.8. Ranks processed items by cosine similarity between the embedding of `q` and theirs; no shared words are needed. ' +
      'Personal data in `q` is redacted before it is embedded; `q` is never stored or logged.',
    tags: ['search'],
    auth: ['secret'],
    rateLimit: { perMinute: 60, bucket: 'search' },
    query: SearchQuery,
    responses: { 200: { description: 'Results, best first.', schema: SearchResponse }, ...commonProblems(['400', '401', '429']) },
    async handle({ query, auth }) {
      const model = await analyzer();
      const embedding = await model.embed(redact(query.q).text);
      const results = await searchFeedback(services.db, auth.projectId, embedding, query.limit ?? 20);
      return { status: 200, body: { results, model: embedding.model } };
    },
  };
}
