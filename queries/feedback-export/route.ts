import type { RouteSpec } from '../../src/http/route.js';
import { commonProblems } from '../../src/http/common-responses.js';
import type { CoreServices } from '../../src/services.js';
import { findCluster } from '../clusters/cluster-record.js';
import { encodeExport } from './encode.js';
import { exportedItems } from './items.js';
import { ExportFeedbackQuery } from './schema.js';

const CONTENT_TYPES = { csv: 'text/csv; charset=utf-8', ndjson: 'application/x-ndjson' } as const;

export function exportFeedbackRoute(services: CoreServices): RouteSpec<unknown, ExportFeedbackQuery> {
  return {
    method: 'GET',
    path: '/api/v1/feedback/export',
    operationId: 'exportFeedback',
    summary: 'Export feedback as CSV or NDJSON',
    description:
      'Every item matching the filters of GET /feedback (spec 4.2), newest first, streamed as it is read (no paging). The text ' +
      'is the redacted text. CSV: a header row, then one row per item; `emotions` joined by `;`, `metadata` as JSON, ' +
      '`churnRisk` (extension, last column) `true`/`false`, absent values empty, fields quoted when they hold a comma, quote or ' +
      "line break; a text cell that starts with `=`, `+`, `-`, `@`, a tab or a carriage return is written with a leading `'` " +
      '(CSV injection: a spreadsheet would run it as a formula) unless `raw=true`; the stored text is unchanged. NDJSON: one item ' +
      'per line, as in the list, never changed.',
    tags: ['feedback'],
    auth: ['secret'],
    query: ExportFeedbackQuery,
    responses: {
      200: {
        description: 'The matching items.',
        content: {
          'text/csv': {
            example:
              'id,createdAt,text,status,sentiment,sentimentScore,type,emotions,language,clusterId,userId,source,metadata,churnRisk\n' +
              'fb_0k2v9x3m1q8w7e5r4t6y,2025-03-02T09:14:00.000Z,"Export to PDF times out, every time",processed,negative,-0.62,bug,frustration,en,cl_7h2k9,u-100,csv,"{""plan"":""pro""}",false\n',
          },
          'application/x-ndjson': {
            example:
              '{"id":"fb_0k2v9x3m1q8w7e5r4t6y","text":"Export to PDF times out, every time","status":"processed","sentiment":"negative","sentimentScore":-0.62,' +
              '"type":"bug","emotions":["frustration"],"churnRisk":false,"language":"en","clusterId":"cl_7h2k9","userId":"u-100","source":"csv","metadata":{"plan":"pro"},"createdAt":"2025-03-02T09:14:00.000Z"}\n',
          },
        },
      },
      ...commonProblems(['400', '401', '429']),
    },
    async handle({ query, auth }) {
      const format = query.format ?? 'csv';
      // A theme merged into another still filters, as in the list.
      const cluster = query.cluster ? ((await findCluster(services.db, auth.projectId, query.cluster))?.cluster_id ?? query.cluster) : undefined;
      const { format: _format, raw, ...filters } = { ...query, cluster };
      return {
        status: 200,
        body: encodeExport(exportedItems(services.db, auth.projectId, filters), format, { raw }),
        headers: { 'Content-Type': CONTENT_TYPES[format], 'Content-Disposition': `attachment; filename="feedback.${format}"` },
      };
    },
  };
}
