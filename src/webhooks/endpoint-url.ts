import type { FieldProblem } from '../domain/errors.js';
import { checkOutboundUrl, OUTBOUND_URL_MAX_LENGTH } from '../outbound/outbound-url.js';

export const WEBHOOK_URL_MAX_LENGTH = OUTBOUND_URL_MAX_LENGTH;

/**
 * Checks a webhook URL (spec 2.6, 4.12) against the outbound URL policy; with `allowHttp`
 * (WEBHOOK_ALLOW_HTTP=true, development) loopback is admitted, over `http://` too. Host names are
 * resolved and their addresses checked again at every delivery.
 */
export function checkWebhookUrl(raw: string, allowHttp: boolean): FieldProblem[] {
  const checked = checkOutboundUrl(raw, { allowHttp, maxLength: WEBHOOK_URL_MAX_LENGTH });
  return checked.ok ? [] : [{ field: 'url', message: checked.message }];
}
