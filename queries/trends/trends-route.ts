import type { RouteSpec } from '../../src/http/route.js';
import { commonProblems } from '../../src/http/common-responses.js';
import type { CoreServices } from '../../src/services.js';
import { refuseMoneySegment } from '../cluster-breakdown/no-money-segment.js';
import { segmentName, segmentProblems } from './segment.js';
import { periodProblems, previousPeriod, resolvePeriod } from './period.js';
import { TrendsQuery, TrendsResponse } from './schema.js';
import { themeTrends } from './theme-trends.js';

export function trendsRoute(services: CoreServices): RouteSpec<unknown, TrendsQuery> {
  return {
    method: 'GET',
    path: '/api/v1/trends',
    operationId: 'listTrends',
    summary: 'Themes in a period against the period before',
    description:
      'Extension. Every theme (any status) with items created between `from` (inclusive) and `to` (exclusive), or in the period of the ' +
      'same length just before: both counts, growth, sentiment mix and revenue in the period, and the `new`, `spiking` and `regressed` ' +
      'flags. Largest count first (ties: larger previous count, then most recently seen). Default: the last 30 days; at most 366 days. ' +
      '`source`, `type`, `language` and `trait` (a segment of users) count only matching items.',
    tags: ['clusters'],
    auth: ['secret'],
    query: TrendsQuery,
    validate: ({ query }) => [...periodProblems(query, services.clock.now()), ...segmentProblems(query.trait)],
    responses: { 200: { description: 'Themes, largest count first.', schema: TrendsResponse }, ...commonProblems(['400', '401', '429']) },
    async handle({ query, auth }) {
      const { from, to, limit, ...filters } = query;
      await refuseMoneySegment(services.db, auth.projectId, 'trait', filters.trait === undefined ? [] : [segmentName(filters.trait)]);
      const period = resolvePeriod({ from, to }, services.clock.now());
      const themes = await themeTrends(services.db, auth.projectId, period, filters, limit ?? 50);
      return {
        status: 200,
        body: { from: period.from.toISOString(), to: period.to.toISOString(), previousFrom: previousPeriod(period).from.toISOString(), themes },
      };
    },
  };
}
