import { PROBLEM_RESPONSES } from './openapi-responses.js';

/** The problem responses a route declares, described as in the OpenAPI document's shared responses. */
export function commonProblems(statuses: string[]): Record<number, { description: string }> {
  return Object.fromEntries(
    statuses.map((status) => {
      const problem = PROBLEM_RESPONSES[Number(status)];
      if (!problem) throw new Error(`No shared problem response for status ${status}`);
      return [Number(status), { description: problem.response.description }];
    }),
  );
}
