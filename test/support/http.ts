import { expect } from 'chai';

export interface TestProject {
  projectId: string;
  secretKey: string;
  widgetKey: string;
}

/** Response bodies as plain JSON values (fetch types them `unknown`). */
export const readJson = (response: Response): Promise<any> => response.json();

export const DEFAULT_PROBLEM_BASE = 'https://problems.feedback.dev';

/** Every problem of spec 7: problem+json, `type` under the problem base, `status` equal to the HTTP status. */
export async function expectProblem(response: Response, status: number, slug: string, problemBase = DEFAULT_PROBLEM_BASE): Promise<any> {
  expect(response.status, `status of ${response.url}`).to.equal(status);
  expect(response.headers.get('content-type')).to.match(/^application\/problem\+json\b/);
  const body = await readJson(response);
  expect(body.type).to.equal(`${problemBase}/${slug}`);
  expect(body.title).to.be.a('string').and.not.equal('');
  expect(body.status).to.equal(status);
  expect(body.detail).to.be.a('string').and.not.equal('');
  return body;
}

/** A 400 invalid-request problem that names `field` in its detail and in its errors[]. */
export async function expectInvalidField(response: Response, field: string, problemBase = DEFAULT_PROBLEM_BASE): Promise<any> {
  const problem = await expectProblem(response, 400, 'invalid-request', problemBase);
  expect(problem.detail).to.include(field);
  expect(problem.errors.map((e: { field: string }) => e.field)).to.include(field);
  return problem;
}
