import { EVERY_OPERATION_PROBLEMS, responseRef } from './openapi-responses.js';

/** GET /widget.js is no API route (no key, no JSON), so it is described here rather than generated from a RouteSpec. */
export const WIDGET_SCRIPT_PATH = {
  get: {
    operationId: 'getWidgetScript',
    summary: 'The browser widget script',
    description:
      'Public, no key. The feedback widget for web pages, embedded by a script element whose `src` is this URL, with `data-key="pk_…"` and `async`; ' +
      'it submits with the widget key from the page (source `widget`, metadata `pageUrl` and `viewport`) and only works from origins on ' +
      "the project's allowlist. Cached for an hour (`Cache-Control: public, max-age=3600, must-revalidate`) and revalidated by its " +
      'strong `ETag`; gzipped when the client accepts it. See the README, "Browser widget".',
    tags: ['widget'],
    security: [],
    parameters: [
      {
        name: 'If-None-Match',
        in: 'header',
        required: false,
        description: 'An ETag from an earlier answer: 304 when the script is unchanged.',
        schema: { type: 'string' },
      },
      { name: 'Accept-Encoding', in: 'header', required: false, description: 'With `gzip`, the script comes gzipped.', schema: { type: 'string' } },
      { $ref: '#/components/parameters/X-Request-Id' },
    ],
    responses: {
      200: {
        description: 'The script.',
        headers: {
          ETag: { description: 'Strong validator of the script bytes.', schema: { type: 'string' } },
          'Cache-Control': { description: '`public, max-age=3600, must-revalidate`.', schema: { type: 'string' } },
          'X-Request-Id': { $ref: '#/components/headers/X-Request-Id' },
        },
        content: { 'text/javascript': { schema: { type: 'string' } } },
      },
      304: { description: 'Not modified: the If-None-Match tag is the current one; no body.' },
      ...Object.fromEntries(EVERY_OPERATION_PROBLEMS.map((status) => [status, responseRef(status)])),
    },
  },
};

export const WIDGET_TAG_DESCRIPTION = 'The browser widget: a script for web pages that submits with a widget key.';
