import { Type, type Static } from '@sinclair/typebox';
import { WEBHOOK_EVENT_KINDS } from '../../src/domain/webhook/events.js';
import { WEBHOOK_URL_MAX_LENGTH } from '../../src/webhooks/endpoint-url.js';

export const CreateWebhookBody = Type.Object(
  {
    url: Type.String({
      maxLength: WEBHOOK_URL_MAX_LENGTH,
      description:
        'Where deliveries are POSTed: `https://` to a public host. Refused in every mode: user info, private, loopback, ' +
        'link-local (cloud metadata such as 169.254.169.254), unspecified, multicast and reserved addresses however they ' +
        'are spelled (decimal, octal, hex, IPv4-mapped IPv6), internal names (localhost, *.local, *.internal), and ports ' +
        'below 1024 other than 443. Names are resolved again, and checked, at every delivery. With WEBHOOK_ALLOW_HTTP=true ' +
        '(development only) loopback is admitted, over `http://` too.',
      examples: ['https://hooks.example.com/feedback'],
    }),
    events: Type.Array(Type.String({ maxLength: 64 }), {
      minItems: 1,
      maxItems: WEBHOOK_EVENT_KINDS.length,
      description: `A non-empty subset of the event kinds of spec 6, each at most once: ${WEBHOOK_EVENT_KINDS.join(', ')}.`,
      examples: [['feedback.processed', 'cluster.spiking']],
    }),
  },
  { additionalProperties: false },
);
export type CreateWebhookBody = Static<typeof CreateWebhookBody>;
