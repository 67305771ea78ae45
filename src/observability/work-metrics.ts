/** How an analysis attempt ended for an item. */
export type AnalysisOutcome = 'analysed' | 'retried' | 'parked';
/** How a webhook delivery attempt ended: `failed` after the last retry. */
export type WebhookOutcome = 'delivered' | 'retrying' | 'failed';

/** What the workers count for `/metrics`. A runtime without it (the CLI, tests of one worker) counts nothing. */
export interface WorkMetrics {
  analysis(outcome: AnalysisOutcome): void;
  webhookDelivery(outcome: WebhookOutcome): void;
}
