import pgvector from 'pgvector';
import { Type } from '@sinclair/typebox';
import { NotFound } from '../../src/domain/errors.js';
import { commonProblems } from '../../src/http/common-responses.js';
import type { RouteSpec } from '../../src/http/route.js';
import type { CoreServices } from '../../src/services.js';
import { matchingItems } from '../../src/work/questions/matching-items.js';
import { findQuestion, QuestionEvidenceSchema, QuestionIdParams, QuestionSchema, toQuestion, type QuestionRow } from './question-record.js';

async function evidenceOf(services: CoreServices, projectId: string, row: QuestionRow) {
  if (!row.embedding_model || !row.embedding) return null;
  const vector = pgvector.fromSql(row.embedding) as number[];
  const embedding = { model: row.embedding_model, dimensions: vector.length, vector };
  return matchingItems(services.db, projectId, embedding, services.clock.now()).then(({ counts, best }) => ({ counts, items: best }));
}

export function questionDetailRoute(services: CoreServices): RouteSpec<unknown, unknown, { id: string }> {
  return {
    method: 'GET',
    path: '/api/v1/questions/:id',
    operationId: 'getQuestion',
    summary: 'One tracked question with its evidence (extension)',
    description:
      'Not in the spec. The question, its recorded verdict, and the evidence as of now: counts of matching items by sentiment and ' +
      'the best-matching items. `evidence` is null until the question has been embedded (seconds after tracking). A question of ' +
      'another project, or one untracked, is 404 `not-found`.',
    tags: ['questions'],
    auth: ['secret'],
    params: QuestionIdParams,
    responses: {
      200: {
        description: 'The question.',
        schema: Type.Composite([QuestionSchema, Type.Object({ evidence: Type.Union([QuestionEvidenceSchema, Type.Null()]) })]),
      },
      ...commonProblems(['400', '401', '404', '429']),
    },
    async handle({ params, auth }) {
      const row = await findQuestion(services.db, auth.projectId, params.id);
      if (!row) throw new NotFound('The question');
      return { status: 200, body: { ...toQuestion(row), evidence: await evidenceOf(services, auth.projectId, row) } };
    },
  };
}
