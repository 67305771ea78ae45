import type { FieldProblem } from '../../domain/errors.js';
import { checkOutboundUrl } from '../../outbound/outbound-url.js';

/**
 * A Slack incoming-webhook URL passes the same outbound address policy as webhook endpoints:
 * `https://` to a public host; loopback only with WEBHOOK_ALLOW_HTTP=true (development, tests).
 * The message never repeats the URL, which is a credential.
 */
export function checkSlackWebhookUrl(raw: string, allowHttp: boolean): FieldProblem[] {
  const checked = checkOutboundUrl(raw, { allowHttp });
  return checked.ok ? [] : [{ field: 'slackWebhook', message: checked.message }];
}
