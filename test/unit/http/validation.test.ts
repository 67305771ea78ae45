import { expect } from 'chai';
import { SubmitFeedbackBody } from '../../../commands/submit-feedback/schema.js';
import { schemaProblems } from '../../../src/http/validation.js';

describe('request validation names every offending field (spec 7)', () => {
  it('names an unknown property by its own name, whatever its value', () => {
    expect(schemaProblems(SubmitFeedbackBody, { text: 'x', foo: 1 })).to.deep.equal([{ field: 'foo', message: 'Unexpected property' }]);
    expect(schemaProblems(SubmitFeedbackBody, { text: 'x', foo: { text: 1, bar: 2 } })).to.deep.equal([
      { field: 'foo', message: 'Unexpected property' },
    ]);
  });

  it('names each bad field once', () => {
    const fields = schemaProblems(SubmitFeedbackBody, { text: '', source: 'csv', userId: 'u'.repeat(257) }).map((p) => p.field);
    expect(fields).to.have.members(['text', 'source', 'userId']);
    expect(new Set(fields).size).to.equal(fields.length);
  });
});
