import { Type } from '@sinclair/typebox';
import { commonProblems } from '../../src/http/common-responses.js';
import type { RouteSpec } from '../../src/http/route.js';
import type { CoreServices } from '../../src/services.js';
import { findQuestions, QuestionSchema, toQuestion } from './question-record.js';

export function listQuestionsRoute(services: CoreServices): RouteSpec {
  return {
    method: 'GET',
    path: '/api/v1/questions',
    operationId: 'listQuestions',
    summary: 'Tracked questions and their verdicts (extension)',
    description:
      'Not in the spec: the questions a project tracks (`feedbackctl question track`), oldest first, each with its current verdict. ' +
      'A verdict change is also delivered as the `question.verdict_changed` webhook event.',
    tags: ['questions'],
    auth: ['secret'],
    responses: {
      200: { description: 'The tracked questions.', schema: Type.Object({ questions: Type.Array(QuestionSchema) }) },
      ...commonProblems(['401', '429']),
    },
    async handle({ auth }) {
      const rows = await findQuestions(services.db, auth.projectId);
      return { status: 200, body: { questions: rows.map(toQuestion) } };
    },
  };
}
