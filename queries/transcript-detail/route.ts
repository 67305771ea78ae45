import { NotFound } from '../../src/domain/errors.js';
import { commonProblems } from '../../src/http/common-responses.js';
import type { RouteSpec } from '../../src/http/route.js';
import type { CoreServices } from '../../src/services.js';
import { findTranscript } from './query.js';
import { TranscriptIdParams, TranscriptSchema } from './schema.js';

export function transcriptDetailRoute(services: CoreServices): RouteSpec<unknown, unknown, { id: string }> {
  return {
    method: 'GET',
    path: '/api/v1/transcripts/:id',
    operationId: 'getTranscript',
    summary: 'One call transcript: status, counts and skip reason',
    description:
      'Spec 4.14. The record of 2.5: counts and decisions, never the text or the segments (none are kept). A transcript of ' +
      'another project is 404 `not-found`; a widget key is 401.',
    tags: ['transcripts'],
    auth: ['secret'],
    params: TranscriptIdParams,
    responses: { 200: { description: 'The transcript.', schema: TranscriptSchema }, ...commonProblems(['400', '401', '404', '429']) },
    async handle({ params, auth }) {
      const transcript = await findTranscript(services.db, auth.projectId, params.id);
      if (!transcript) throw new NotFound('The transcript');
      return { status: 200, body: transcript };
    },
  };
}
