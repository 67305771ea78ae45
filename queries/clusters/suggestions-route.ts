import { Type, type Static } from '@sinclair/typebox';
import type { RouteSpec } from '../../src/http/route.js';
import { commonProblems } from '../../src/http/common-responses.js';
import type { CoreServices } from '../../src/services.js';
import { SUGGESTION_WINDOW_DAYS, themeSuggestions } from './theme-suggestions.js';

export const ThemeSuggestionSchema = Type.Object({
  id: Type.String({ description: 'The discovered theme suggested; accept it with POST /clusters/suggestions/{id}/accept.' }),
  label: Type.String({ description: 'Its current (automatic) label.' }),
  keywords: Type.Array(Type.String(), { description: 'Its top terms against the other suggestions (c-TF-IDF): the keywords accepting it gives by default.' }),
  size: Type.Integer({ minimum: 0, description: 'All its items.' }),
  recentSize: Type.Integer({ minimum: 2, description: `Its items created in the last ${SUGGESTION_WINDOW_DAYS} days.` }),
  sampleFeedbackIds: Type.Array(Type.String(), { maxItems: 3, description: 'Up to 3 of its newest items.' }),
});

const SuggestionsQuery = Type.Object({ limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 50, default: 10 })) }, { additionalProperties: false });

export function themeSuggestionsRoute(services: CoreServices): RouteSpec<unknown, Static<typeof SuggestionsQuery>> {
  return {
    method: 'GET',
    path: '/api/v1/clusters/suggestions',
    operationId: 'listThemeSuggestions',
    summary: 'Discovered themes worth defining',
    description:
      `Extension. Active discovered themes with 2 or more items created in the last ${SUGGESTION_WINDOW_DAYS} days, most of whose ` +
      'newest 25 name no keyword of a defined theme; the most recent items first. Each comes with its label, top terms as keywords, size and sample items.',
    tags: ['clusters'],
    auth: ['secret'],
    query: SuggestionsQuery,
    responses: {
      200: {
        description: 'The suggestions.',
        schema: Type.Object({ suggestions: Type.Array(ThemeSuggestionSchema) }, { examples: [{ suggestions: [SUGGESTION_EXAMPLE] }] }),
      },
      ...commonProblems(['400', '401', '429']),
    },
    async handle({ query, auth }) {
      const suggestions = await themeSuggestions(services.db, auth.projectId, services.clock.now(), query.limit ?? 10);
      return { status: 200, body: { suggestions } };
    },
  };
}

const SUGGESTION_EXAMPLE = {
  id: 'cl_0h4k2j8s6d1f3g5a7p9q',
  label: 'Csv export timeout',
  keywords: ['csv export', 'timeout'],
  size: 14,
  recentSize: 6,
  sampleFeedbackIds: ['fb_3k9x0q7w2m5n8b1v4c6z', 'fb_8h2j4k6l8z0x1c3v5b7n'],
};
