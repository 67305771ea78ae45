import { EVERY_OPERATION_PROBLEMS, responseRef } from './openapi-responses.js';

/** The operator's endpoints are no API routes (no key, outside /api/v1), so they are described here rather than generated from a RouteSpec. */
const everyOperationProblems = () => Object.fromEntries(EVERY_OPERATION_PROBLEMS.map((status) => [status, responseRef(status)]));
const REQUEST_ID = { $ref: '#/components/parameters/X-Request-Id' };
const NO_STORE = { 'Cache-Control': { description: '`no-store`.', schema: { type: 'string' } } };

const CHECK = {
  type: 'object',
  required: ['ok'],
  properties: { ok: { type: 'boolean' }, detail: { type: 'string', description: 'Why the check fails.' } },
};

const CONSUMER_LAG = {
  type: 'object',
  required: ['name', 'kind', 'events', 'seconds'],
  properties: {
    name: { type: 'string' },
    kind: { type: 'string', enum: ['projector', 'reactor'] },
    events: { type: 'integer', description: 'Events of the log after its position (counted up to 10,000).' },
    seconds: { type: 'integer', description: 'Age of the oldest event it has still to apply; 0 at the log’s end.' },
  },
};

const READINESS_CHECKS = {
  type: 'object',
  required: ['database', 'migrations', 'projections', 'startup'],
  properties: {
    database: CHECK,
    migrations: CHECK,
    projections: {
      ...CHECK,
      properties: {
        ...CHECK.properties,
        followed: { type: 'integer', description: 'Projections and reactors this process applies.' },
        furthestBehind: CONSUMER_LAG,
      },
    },
    startup: CHECK,
  },
};

const READY_EXAMPLE = {
  status: 'ready',
  checks: {
    database: { ok: true },
    migrations: { ok: true },
    projections: { ok: true, followed: 25, furthestBehind: { name: 'feedback-list', kind: 'projector', events: 0, seconds: 0 } },
    startup: { ok: true },
  },
};

export const OPERATIONS_PATHS = {
  '/healthz': {
    get: {
      operationId: 'getLiveness',
      summary: 'Liveness: the process answers',
      description:
        'Public, no key. Answers without touching the database: a failing answer means the process is stuck or gone, and restarting it is the remedy.',
      tags: ['operations'],
      security: [],
      parameters: [REQUEST_ID],
      responses: {
        200: {
          description: 'The process answers.',
          headers: NO_STORE,
          content: {
            'application/json': {
              schema: { type: 'object', required: ['status'], properties: { status: { type: 'string', const: 'ok' } } },
              example: { status: 'ok' },
            },
          },
        },
        ...everyOperationProblems(),
      },
    },
  },
  '/readyz': {
    get: {
      operationId: 'getReadiness',
      summary: 'Readiness: this node can serve',
      description:
        'Public, no key. Ready when the database answers (within 2 s), every migration of this build is applied, every projection and reactor ' +
        'this process applies is within `READY_MAX_LAG_EVENTS` events (default 1,000) or `READY_MAX_LAG_SECONDS` seconds (default 30) of the ' +
        'log’s end, and no start-up work (loading the analyzer, on processes that run the workers) is still running. The lag reading is ' +
        'cached for 2 s. An `api` node on PostgreSQL applies the projectors only (the worker applies the reactors), so its readiness covers ' +
        'its own read models and not the worker’s queues.',
      tags: ['operations'],
      security: [],
      parameters: [REQUEST_ID],
      responses: {
        200: {
          description: 'Ready, with each check.',
          headers: NO_STORE,
          content: {
            'application/json': {
              schema: { type: 'object', required: ['status', 'checks'], properties: { status: { type: 'string', const: 'ready' }, checks: READINESS_CHECKS } },
              example: READY_EXAMPLE,
            },
          },
        },
        503: {
          description: 'Not ready: `detail` names the failing checks; `checks` holds each one.',
          headers: NO_STORE,
          content: {
            'application/problem+json': {
              schema: { allOf: [{ $ref: '#/components/schemas/Problem' }, { type: 'object', properties: { checks: READINESS_CHECKS } }] },
            },
          },
        },
        ...everyOperationProblems(),
      },
    },
  },
  '/metrics': {
    get: {
      operationId: 'getMetrics',
      summary: 'Prometheus metrics',
      description:
        'The Prometheus text format: requests by route template and status (count and latency histogram), work queue depths, projection lag ' +
        'and parked events, analysed items and webhook delivery outcomes, and the process metrics, all prefixed `feedback_`. Served to a ' +
        'loopback caller that no proxy forwarded (no `Forwarded`/`X-Forwarded-For`/`X-Real-IP`), or, when `METRICS_TOKEN` is set, only with ' +
        '`Authorization: Bearer <METRICS_TOKEN>`. Anyone else gets the 404 of a path that does not exist.',
      tags: ['operations'],
      security: [{ metricsToken: [] }, {}],
      parameters: [REQUEST_ID],
      responses: {
        200: {
          description: 'The metrics.',
          headers: NO_STORE,
          content: { 'text/plain': { schema: { type: 'string' }, example: 'feedback_queue_depth{queue="analysis"} 0\n' } },
        },
        404: responseRef(404),
        ...everyOperationProblems(),
      },
    },
  },
};

export const OPERATIONS_TAG_DESCRIPTION = 'The operator’s endpoints, outside /api/v1 and without an API key: liveness, readiness, metrics.';

export const METRICS_TOKEN_SCHEME = {
  type: 'http',
  scheme: 'bearer',
  description: 'The METRICS_TOKEN of the server (GET /metrics only; without one configured, loopback callers need none).',
};
