import type { Analyzer } from './analysis/analyzer.js';
import type { RouteSpec } from './http/route.js';
import { searchRoute } from '../queries/search/route.js';
import { listClustersRoute } from '../queries/clusters/list-route.js';
import { clusterDetailRoute } from '../queries/clusters/detail-route.js';
import { themeSuggestionsRoute } from '../queries/clusters/suggestions-route.js';
import { acceptThemeSuggestionRoute } from '../commands/accept-theme-suggestion/route.js';
import { changeClusterStatusRoute } from '../commands/change-cluster-status/route.js';
import { defineClusterRoute } from '../commands/define-cluster/route.js';
import type { Runtime } from './runtime.js';
import { pingRoute } from '../queries/ping/route.js';
import { submitFeedbackRoute } from '../commands/submit-feedback/route.js';
import { deleteFeedbackRoute } from '../commands/delete-feedback/route.js';
import { listFeedbackRoute } from '../queries/feedback-list/route.js';
import { feedbackDetailRoute } from '../queries/feedback-detail/route.js';
import { identifyUserRoute } from '../commands/identify-user/route.js';
import { userDetailRoute } from '../queries/user-detail/route.js';
import { listWebhooksRoute } from '../queries/webhooks/list-route.js';
import { createWebhookRoute } from '../commands/create-webhook/route.js';
import { changeWebhookRoute } from '../commands/change-webhook/route.js';
import { deleteWebhookRoute } from '../commands/delete-webhook/route.js';
import { submitTranscriptRoute } from '../commands/submit-transcript/route.js';
import { transcriptDetailRoute } from '../queries/transcript-detail/route.js';
import { listQuestionsRoute } from '../queries/questions/list-route.js';
import { questionDetailRoute } from '../queries/questions/detail-route.js';
import { mergeClusterRoute } from '../commands/merge-cluster/route.js';
import { moveFeedbackRoute } from '../commands/move-feedback/route.js';
import { splitClusterRoute } from '../commands/split-cluster/route.js';
import { eraseUserRoute } from '../commands/erase-user/route.js';
import { userDeletionStatusRoute } from '../queries/user-erasure-status/route.js';
import { exportFeedbackRoute } from '../queries/feedback-export/route.js';
import type { InboundRouteSpec } from './http/inbound-route.js';
import { githubWebhookRoute } from '../commands/close-linked-themes/github-route.js';
import { linearWebhookRoute } from '../commands/close-linked-themes/linear-route.js';
import { clusterTrendRoute } from '../queries/trends/cluster-trend-route.js';
import { trendsRoute } from '../queries/trends/trends-route.js';

export interface RouteDeps {
  runtime: Runtime;
  /** The configured analyzer, loaded on first use (search embeds its queries with it). */
  analyzer: () => Promise<Analyzer>;
}

/** Every HTTP route of the API; the OpenAPI document is generated from the same list. */
export function allRoutes({ runtime, analyzer }: RouteDeps): RouteSpec[] {
  return [
    pingRoute(),
    submitFeedbackRoute(runtime),
    listFeedbackRoute(runtime),
    exportFeedbackRoute(runtime), // before /feedback/:id, which would take "export" for an id
    feedbackDetailRoute(runtime),
    deleteFeedbackRoute(runtime),
    searchRoute(runtime, analyzer),
    listClustersRoute(runtime),
    // Before GET /clusters/{id}, which would take `suggestions` for an id.
    themeSuggestionsRoute(runtime),
    acceptThemeSuggestionRoute(runtime),
    clusterDetailRoute(runtime),
    clusterTrendRoute(runtime),
    trendsRoute(runtime),
    changeClusterStatusRoute(runtime),
    defineClusterRoute(runtime, analyzer),
    identifyUserRoute(runtime),
    userDetailRoute(runtime),
    listWebhooksRoute(runtime),
    createWebhookRoute(runtime),
    changeWebhookRoute(runtime),
    deleteWebhookRoute(runtime),
    submitTranscriptRoute(runtime),
    transcriptDetailRoute(runtime),
    listQuestionsRoute(runtime),
    questionDetailRoute(runtime),
    mergeClusterRoute(runtime),
    moveFeedbackRoute(runtime),
    splitClusterRoute(runtime),
    eraseUserRoute(runtime),
    userDeletionStatusRoute(runtime),
  ];
}

/** Routes other services call with a signed request instead of an API key; in the OpenAPI document too. */
export function allInboundRoutes(runtime: Runtime): InboundRouteSpec[] {
  return [githubWebhookRoute(runtime), linearWebhookRoute(runtime)];
}
