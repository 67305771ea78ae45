/**
 * The names a generated client sees: one named schema per resource, referenced wherever it recurs,
 * instead of the same object spelled out in every response.
 */

/** Response bodies that are named schemas, by operationId and status. */
export const RESPONSE_BODY_NAMES: Record<string, Record<number, string>> = {
  ping: { 200: 'Ping' },
  submitFeedback: { 202: 'FeedbackAccepted', 200: 'FeedbackDetail' },
  listFeedback: { 200: 'FeedbackList' },
  getFeedback: { 200: 'FeedbackDetail' },
  searchFeedback: { 200: 'SearchResults' },
  listClusters: { 200: 'ClusterList' },
  getCluster: { 200: 'ClusterDetail' },
  changeClusterStatus: { 200: 'Cluster' },
  identifyUser: { 200: 'IdentifyResult' },
  getUser: { 200: 'User' },
  listWebhooks: { 200: 'WebhookEndpointList' },
  createWebhook: { 201: 'CreatedWebhookEndpoint' },
  changeWebhook: { 200: 'WebhookEndpoint' },
  submitTranscript: { 202: 'TranscriptAccepted', 200: 'TranscriptRecord' },
  getTranscript: { 200: 'Transcript' },
  listQuestions: { 200: 'QuestionList' },
  getQuestion: { 200: 'QuestionDetail' },
  mergeCluster: { 200: 'Cluster' },
  moveFeedback: { 200: 'Cluster' },
  splitCluster: { 201: 'Cluster' },
  defineCluster: { 201: 'Cluster' },
  acceptThemeSuggestion: { 200: 'Cluster' },
  receiveGithubWebhook: { 200: 'TrackerWebhookResult' },
  receiveLinearWebhook: { 200: 'TrackerWebhookResult' },
  getClusterTrend: { 200: 'ClusterTrend' },
  listTrends: { 200: 'ThemeTrends' },
};

/**
 * Schemas inside a named one that are named too: `name` is the schema at the JSON Pointer `at`
 * inside the named schema `within` (listed after the names they are found in).
 */
export const NESTED_NAMES: { name: string; within: string; at: string }[] = [
  { name: 'FeedbackItem', within: 'FeedbackList', at: '/properties/items/items' },
  { name: 'SearchResult', within: 'SearchResults', at: '/properties/results/items' },
  { name: 'FeedbackStatus', within: 'FeedbackItem', at: '/properties/status' },
  { name: 'Sentiment', within: 'FeedbackItem', at: '/properties/sentiment/anyOf/0' },
  { name: 'FeedbackType', within: 'FeedbackItem', at: '/properties/type/anyOf/0' },
  { name: 'Emotion', within: 'FeedbackItem', at: '/properties/emotions/items' },
  { name: 'FeedbackSource', within: 'FeedbackItem', at: '/properties/source' },
  { name: 'ClusterStatus', within: 'Cluster', at: '/properties/status' },
  { name: 'Project', within: 'Ping', at: '/properties/project' },
  { name: 'KeyType', within: 'Ping', at: '/properties/key/properties/type' },
  { name: 'KeyMode', within: 'Ping', at: '/properties/key/properties/mode' },
  { name: 'Traits', within: 'User', at: '/properties/traits' },
  { name: 'ValueMark', within: 'User', at: '/properties/valueMarks/patternProperties/^(.*)$' },
  { name: 'TranscriptStatus', within: 'Transcript', at: '/properties/status' },
  { name: 'SkipReason', within: 'Transcript', at: '/properties/skip_reason' },
  { name: 'WebhookEndpoint', within: 'WebhookEndpointList', at: '/properties/webhooks/items' },
  { name: 'IdentifyWarning', within: 'IdentifyResult', at: '/anyOf/1/properties/warnings/items' },
];

/** Named schemas that add fields to another: documented as `allOf: [the other, the additions]`. */
export const EXTENDED_NAMES: Record<string, string> = {
  FeedbackDetail: 'FeedbackItem',
  CreatedWebhookEndpoint: 'WebhookEndpoint',
};
