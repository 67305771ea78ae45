import type { HostResolver } from '../../outbound/guarded-lookup.js';
import { postDelivery, type DeliveryResult } from '../../webhooks/post-delivery.js';
import type { SlackMessage } from './alert-message.js';

/**
 * POSTs a message to a Slack incoming webhook through the same guarded request as webhook
 * deliveries (address policy at connect time, no redirects, 10 s). The URL is a credential:
 * nothing here logs it, and the result carries no part of it.
 */
export function postToSlack(
  webhookUrl: string,
  message: SlackMessage,
  options: { allowLoopback: boolean; timeoutMs?: number; resolveHost?: HostResolver },
): Promise<DeliveryResult> {
  return postDelivery(
    webhookUrl,
    JSON.stringify(message),
    { 'Content-Type': 'application/json; charset=utf-8', 'User-Agent': 'feedback-service-slack/1' },
    options,
  );
}
