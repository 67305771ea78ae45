import { redact } from '../../src/analysis/redaction/index.js';
import type { Analyzer } from '../../src/analysis/analyzer.js';
import type { RouteSpec } from '../../src/http/route.js';
import { commonProblems } from '../../src/http/common-responses.js';
import type { CoreServices } from '../../src/services.js';
import { searchFeedback } from './query.js';
import { SCORE_MEANING, SearchQuery, SearchResponse } from './schema.js';
import { findCluster } from '../clusters/cluster-record.js';

/** Searches a minute per key (spec 8); the workspace's search by meaning allows each session as many. */
export const SEARCH_PER_MINUTE = 60;

export function searchRoute(services: CoreServices, analyzer: () => Promise<Analyzer>): RouteSpec<unknown, SearchQuery> {
  return {
    method: 'GET',
    path: '/api/v1/search',
    operationId: 'searchFeedback',
    summary: 'Semantic search over the project’s feedback',
    description:
      'Spec 4.8. Ranks processed items by cosine similarity between the embedding of `q` and theirs; no shared words are needed. ' +
      'Personal data in `q` is redacted before it is embedded; `q` is never stored or logged. ' +
      'Filters (all optional, combined with AND): `sentiment`, `type`, `source`, `cluster` (a merged id means the theme that absorbed it), ' +
      '`from`/`to` on `createdAt` (from inclusive, to exclusive), and `meta` as on GET /feedback. ' +
      'Score: ' +
      SCORE_MEANING,
    tags: ['search'],
    auth: ['secret'],
    rateLimit: { perMinute: SEARCH_PER_MINUTE, bucket: 'search' },
    query: SearchQuery,
    responses: { 200: { description: 'Results, best first.', schema: SearchResponse }, ...commonProblems(['400', '401', '429']) },
    validate: ({ query }) =>
      query.from && query.to && Date.parse(query.to) <= Date.parse(query.from) ? [{ field: 'to', message: 'must be later than `from`' }] : [],
    async handle({ query, auth }) {
      const { q, limit, ...filters } = query;
      // A theme merged into another still filters: its items now belong to the theme that absorbed it.
      const cluster = filters.cluster ? ((await findCluster(services.db, auth.projectId, filters.cluster))?.cluster_id ?? filters.cluster) : undefined;
      const model = await analyzer();
      const embedding = await model.embed(redact(q).text);
      const results = await searchFeedback(services.db, auth.projectId, embedding, limit ?? 20, { ...filters, cluster });
      return { status: 200, body: { results, model: embedding.model } };
    },
  };
}
