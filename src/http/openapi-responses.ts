/** The parts of the OpenAPI document every operation shares: headers, the problem schema, problem responses. */

const headerRef = (name: string) => ({ $ref: `#/components/headers/${name}` });

export const HEADERS = {
  'X-RateLimit-Limit': {
    description: 'Requests allowed per minute with this key for this endpoint (spec 8).',
    schema: { type: 'integer', minimum: 1, examples: [300] },
  },
  'X-RateLimit-Remaining': {
    description: 'Requests left in the current minute with this key for this endpoint.',
    schema: { type: 'integer', minimum: 0, examples: [299] },
  },
  'X-RateLimit-Reset': {
    description: 'Seconds until the current window ends and the budget is whole again.',
    schema: { type: 'integer', minimum: 0, maximum: 60, examples: [42] },
  },
  'Retry-After': {
    description: 'Seconds to wait before retrying (the same as X-RateLimit-Reset).',
    required: true,
    schema: { type: 'integer', minimum: 0, maximum: 60, examples: [42] },
  },
  Allow: {
    description: 'The methods this path supports.',
    required: true,
    schema: { type: 'string', examples: ['GET, POST'] },
  },
  'X-Request-Id': {
    description:
      'The id of this request in the service’s logs: the client’s own `X-Request-Id` when it is 1 to 128 characters of ' +
      '`A-Z a-z 0-9 . _ : -`, otherwise one the service made. Quote it when reporting a problem.',
    schema: { type: 'string', examples: ['0b4c1f5e-9d3a-4c7e-8f21-6a5b9e0d2c47'] },
  },
};

/** Headers of a response that passed authentication and metering. */
export const METERED_HEADERS = {
  'X-RateLimit-Limit': headerRef('X-RateLimit-Limit'),
  'X-RateLimit-Remaining': headerRef('X-RateLimit-Remaining'),
  'X-RateLimit-Reset': headerRef('X-RateLimit-Reset'),
  'X-Request-Id': headerRef('X-Request-Id'),
};

const UNMETERED_HEADERS = { 'X-Request-Id': headerRef('X-Request-Id') };

export const REQUEST_ID_PARAMETER = {
  name: 'X-Request-Id',
  in: 'header',
  required: false,
  description:
    'Your own id for this request (1 to 128 characters of `A-Z a-z 0-9 . _ : -`), echoed back and logged; anything else is replaced by a generated id.',
  schema: { type: 'string', pattern: '^[A-Za-z0-9._:-]{1,128}$', examples: ['checkout-7f3a9c'] },
};

export const PROBLEM_SCHEMA = {
  type: 'object',
  description: 'An RFC 9457 problem (spec 7).',
  required: ['type', 'title', 'status', 'detail'],
  properties: {
    type: { type: 'string', format: 'uri', description: '`{PROBLEM_BASE}/<slug>`: a stable identifier of the kind of problem.' },
    title: { type: 'string' },
    status: { type: 'integer', description: 'The HTTP status.' },
    detail: { type: 'string', description: 'What went wrong and what to do about it.' },
    errors: {
      type: 'array',
      description: 'On 400: one entry per offending field.',
      items: {
        type: 'object',
        required: ['field', 'message'],
        properties: {
          field: { type: 'string', description: 'The field, as a dotted path (`metadata.plan`), a query parameter or a header name.' },
          message: { type: 'string', description: 'What the field must be, e.g. `must be one of "api", "widget"`.' },
        },
      },
    },
    key: { type: 'string', description: 'On 422: the offending trait.' },
  },
};

const EXAMPLE_PROBLEM_BASE = 'https://problems.example.com';

interface ProblemResponse {
  name: string;
  slug: string;
  title: string;
  /** When the response is sent, for the document. */
  description: string;
  /** The `detail` of the example body. */
  detail: string;
  headers: object;
  /** Extension members of the example body. */
  extensions?: object;
}

function problemResponse({ slug, title, description, detail, headers, extensions }: ProblemResponse, status: number) {
  return {
    description,
    headers,
    content: {
      'application/problem+json': {
        schema: { $ref: '#/components/schemas/Problem' },
        example: { type: `${EXAMPLE_PROBLEM_BASE}/${slug}`, title, status, detail, ...extensions },
      },
    },
  };
}

const PROBLEMS: Record<number, ProblemResponse> = {
  400: {
    name: 'InvalidRequest',
    slug: 'invalid-request',
    title: 'Invalid request',
    description: 'Validation failed (invalid-request); `errors` names every offending field and says what it must be.',
    detail: 'createdAt: must be an RFC 3339 date-time such as 2025-01-15T09:30:00Z; userID: Unexpected property; did you mean userId?',
    headers: METERED_HEADERS,
    extensions: {
      errors: [
        { field: 'createdAt', message: 'must be an RFC 3339 date-time such as 2025-01-15T09:30:00Z' },
        { field: 'userID', message: 'Unexpected property; did you mean userId?' },
      ],
    },
  },
  401: {
    name: 'Unauthorized',
    slug: 'unauthorized',
    title: 'Unauthorized',
    description: 'Missing, malformed or revoked key, or a key type this endpoint does not accept (unauthorized).',
    detail: 'The API key is unknown or has been revoked.',
    headers: UNMETERED_HEADERS,
  },
  403: {
    name: 'OriginNotAllowed',
    slug: 'origin-not-allowed',
    title: 'Origin not allowed',
    description: 'Widget key from an origin not on the allowlist (origin-not-allowed).',
    detail: "The origin https://evil.example.net is not on this project's allowlist for widget keys.",
    headers: UNMETERED_HEADERS,
  },
  404: {
    name: 'NotFound',
    slug: 'not-found',
    title: 'Not found',
    description: 'Not found in this project (not-found).',
    detail: 'The feedback item was not found in this project.',
    headers: METERED_HEADERS,
  },
  405: {
    name: 'MethodNotAllowed',
    slug: 'method-not-allowed',
    title: 'Method not allowed',
    description: 'A method the path does not support (method-not-allowed); `Allow` lists the ones it does.',
    detail: 'PUT is not supported here; use GET, POST.',
    headers: { Allow: headerRef('Allow'), ...UNMETERED_HEADERS },
  },
  408: {
    name: 'RequestTimeout',
    slug: 'request-timeout',
    title: 'Request Timeout',
    description:
      "The whole body did not arrive within 30 s of the request's start (`BODY_TIMEOUT_MS`; request-timeout); nothing was recorded " +
      'and the connection is closed (`Connection: close`).',
    detail: "The request body did not arrive within 30 s of the request's start.",
    headers: METERED_HEADERS,
  },
  413: {
    name: 'PayloadTooLarge',
    slug: 'payload-too-large',
    title: 'Payload too large',
    description: 'Body over the limit, 64 KB unless the operation says otherwise (payload-too-large).',
    detail: 'The request body exceeds the limit of 65536 bytes.',
    headers: METERED_HEADERS,
  },
  422: {
    name: 'InvalidCustomerValue',
    slug: 'invalid-customer-value',
    title: 'Invalid customer value',
    description: 'The customer-value trait holds an invalid amount (invalid-customer-value); nothing was written; `key` names the trait.',
    detail: 'mrr must be a number from 0 to 999,999,999,999 in major units, or a decimal string such as "49.90".',
    headers: METERED_HEADERS,
    extensions: { key: 'mrr' },
  },
  429: {
    name: 'RateLimited',
    slug: 'rate-limited',
    title: 'Rate limited',
    description:
      'Over the per-minute limit of this key for this endpoint (rate-limited); or, on an operation with a body, this client address ' +
      'already has 8 bodies arriving slowly, each still incomplete a second after its request started (`SLOW_BODIES_PER_ADDRESS`; ' +
      'too-many-slow-requests; the connection is closed). Wait `Retry-After` seconds.',
    detail: 'More than 60 requests per minute with this key; retry in 42 s.',
    headers: { 'Retry-After': headerRef('Retry-After'), ...METERED_HEADERS },
  },
  431: {
    name: 'HeadersTooLarge',
    slug: 'headers-too-large',
    title: 'Request Header Fields Too Large',
    description: 'The request line or the headers exceed 16 KB (headers-too-large); answered before routing, without X-Request-Id.',
    detail: 'The request line or headers exceed 16 KB.',
    headers: {},
  },
  500: {
    name: 'Internal',
    slug: 'internal',
    title: 'Internal error',
    description: 'Something failed on the service’s side (internal); nothing was recorded and retrying is safe.',
    detail: 'Something went wrong on our side; nothing was recorded. Retrying is safe.',
    headers: UNMETERED_HEADERS,
  },
};

/** Problem responses by status, as `components.responses` entries under their names. */
export const PROBLEM_RESPONSES: Record<number, { name: string; response: ReturnType<typeof problemResponse> }> = Object.fromEntries(
  Object.entries(PROBLEMS).map(([status, problem]) => [status, { name: problem.name, response: problemResponse(problem, Number(status)) }]),
);

/** Problems any operation can answer, whatever its own list says. */
export const EVERY_OPERATION_PROBLEMS = [431, 500];

/** Problems any operation that reads a body can answer: a body too slow (408), too many slow bodies from one address (429). */
export const EVERY_BODY_PROBLEMS = [408, 429];

export const responseRef = (status: number) => ({ $ref: `#/components/responses/${PROBLEM_RESPONSES[status].name}` });
