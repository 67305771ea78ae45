import { Type, type Static } from '@sinclair/typebox';
import { WEBHOOK_EVENT_KINDS } from '../../src/domain/webhook/events.js';
import { WEBHOOK_URL_MAX_LENGTH } from '../../src/webhooks/endpoint-url.js';

export const CreateWebhookBody = Type.Object(
  {
    url: Type.String({
      maxLength: WEBHOOK_URL_MAX_LENGTH,
      description:
        'Where deliveries are POSTed: `https://` to a public host. Refused in every mode: user info, fragments, hosts that ' +
        'are not a well-formed DNS name or IP literal, internal names (localhost, *.local, *.internal), ports below 1024 ' +
        'other than 443, and IP literals in any IANA special-purpose block however they are spelled (decimal, octal, hex ' +
        'and short IPv4; IPv4-mapped, -translated and -compatible IPv6, NAT64, 6to4, Teredo, ORCHID, unique-local, ' +
        'link-local such as the cloud metadata address 169.254.169.254, multicast, documentation, reserved); the message ' +
        'names the block. Names are resolved again at every delivery and every address they resolve to is checked. With ' +
        'WEBHOOK_ALLOW_HTTP=true (development only) loopback (127/8, ::1, localhost) is admitted, over `http://` too.',
      examples: ['https://hooks.example.com/feedback'],
    }),
    events: Type.Array(Type.String({ maxLength: 64 }), {
      minItems: 1,
      maxItems: WEBHOOK_EVENT_KINDS.length,
      description:
        `A non-empty subset of the event kinds of spec 6, each at most once: ${WEBHOOK_EVENT_KINDS.join(', ')}. ` +
        '`user.health_changed` is sent for identified users only: a shadow user (known only by an email) entering the ' +
        'at-risk band is recorded and alerted on Slack, never sent to endpoints.',
      examples: [['feedback.processed', 'cluster.spiking']],
    }),
  },
  { additionalProperties: false },
);
export type CreateWebhookBody = Static<typeof CreateWebhookBody>;
