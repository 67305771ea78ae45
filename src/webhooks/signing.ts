import { createHmac } from 'node:crypto';
import { signingKeyBytes } from './secret-box.js';

export interface SignatureHeaders {
  'X-Service-Signature': string;
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
}

/**
 * Spec 6: `X-Service-Signature: t=<unix>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`, keyed with the
 * signing secret as given (its UTF-8 bytes, `whsec_…` included). Standard Webhooks: `webhook-signature:
 * v1,<base64 HMAC-SHA256 of "<id>.<t>.<body>">`, keyed with the base64-decoded part after `whsec_`.
 */
export function signDelivery(secret: string, eventId: string, unixSeconds: number, rawBody: string): SignatureHeaders {
  const spec = createHmac('sha256', secret).update(`${unixSeconds}.${rawBody}`).digest('hex');
  const standard = createHmac('sha256', signingKeyBytes(secret)).update(`${eventId}.${unixSeconds}.${rawBody}`).digest('base64');
  return {
    'X-Service-Signature': `t=${unixSeconds},v1=${spec}`,
    'webhook-id': eventId,
    'webhook-timestamp': String(unixSeconds),
    'webhook-signature': `v1,${standard}`,
  };
}
