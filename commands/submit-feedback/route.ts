import { commandContextFor } from '../../src/http/command-context.js';
import type { RouteRequest, RouteSpec } from '../../src/http/route.js';
import { commonProblems } from '../../src/http/common-responses.js';
import { instantOf } from '../../src/http/date-time.js';
import type { CoreServices } from '../../src/services.js';
import { findFeedback } from '../../queries/feedback-detail/query.js';
import { FeedbackDetailSchema, toFeedbackDetail } from '../../queries/shared/feedback-item.js';
import { NotFound } from '../../src/domain/errors.js';
import { submitFeedback, type SubmitFeedbackInput } from './handler.js';
import { submissionProblems } from './rules.js';
import { SubmitFeedbackAccepted, SubmitFeedbackBody, SubmitFeedbackHeaders } from './schema.js';

export function submitFeedbackRoute(services: CoreServices): RouteSpec<SubmitFeedbackBody> {
  return {
    method: 'POST',
    path: '/api/v1/feedback',
    operationId: 'submitFeedback',
    summary: 'Submit a feedback item',
    description:
      'Spec 4.1. Personal data in `text` and in string values of `metadata` is replaced by typed placeholders ' +
      '(`[email]`, `[phone]`, `[card]`, `[iban]`, `[ip]`, `[address]`, `[secret]`, `[name]`, `[idnumber]` for national id and passport numbers, `[birthdate]` for dates of birth) before anything is stored. ' +
      'Returns 202 at once; poll GET /feedback/{id} for the analysis. A text without a visible character is rejected. ' +
      'A widget key may not set `createdAt` nor a `source` other than `widget`. ' +
      'A replayed Idempotency-Key whose item was deleted since gets 404.',
    tags: ['feedback'],
    auth: ['secret', 'widget'],
    rateLimit: { perMinute: { secret: 300, widget: 30 }, bucket: 'submit-feedback' },
    body: SubmitFeedbackBody,
    headers: SubmitFeedbackHeaders,
    validate: ({ body, auth }) => submissionProblems(body, { keyType: auth.keyType, now: services.clock.now() }),
    responses: {
      202: { description: 'Accepted; redaction has happened and analysis continues asynchronously.', schema: SubmitFeedbackAccepted },
      200: { description: 'The Idempotency-Key was seen before: the original item, nothing new created.', schema: FeedbackDetailSchema },
      ...commonProblems(['400', '401', '403', '404', '413', '429']),
    },
    async handle(request) {
      const outcome = await submitFeedback(services, submitFeedbackInput(request), commandContextFor(request));
      if (outcome.kind === 'accepted') return { status: 202, body: { id: outcome.id, status: 'pending' } };
      const row = await findFeedback(services.db, request.auth.projectId, outcome.id);
      if (!row) throw new NotFound('The feedback item');
      return { status: 200, body: toFeedbackDetail(row) };
    },
  };
}

/** The validated request as the command's input: the source defaults by key type, `createdAt` becomes an instant. */
function submitFeedbackInput({ body, auth, headers }: RouteRequest<SubmitFeedbackBody, unknown, unknown>): SubmitFeedbackInput {
  const key = headers['idempotency-key'];
  return {
    projectId: auth.projectId,
    text: body.text,
    userId: body.userId,
    email: body.email,
    source: body.source ?? (auth.keyType === 'widget' ? 'widget' : 'api'),
    metadata: body.metadata,
    createdAt: body.createdAt === undefined ? undefined : new Date(instantOf(body.createdAt)),
    idempotencyKey: Array.isArray(key) ? key[0] : key,
  };
}
