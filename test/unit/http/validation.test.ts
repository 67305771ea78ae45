import { expect } from 'chai';
import { IdentifyUserBody } from '../../../commands/identify-user/schema.js';
import { SubmitFeedbackBody } from '../../../commands/submit-feedback/schema.js';
import { schemaProblems } from '../../../src/http/validation.js';

describe('request validation names every offending field (spec 7)', () => {
  it('names an unknown property by its own name, whatever its value', () => {
    expect(schemaProblems(SubmitFeedbackBody, { text: 'x', foo: 1 })).to.deep.equal([{ field: 'foo', message: 'Unexpected property' }]);
    expect(schemaProblems(SubmitFeedbackBody, { text: 'x', foo: { text: 1, bar: 2 } })).to.deep.equal([{ field: 'foo', message: 'Unexpected property' }]);
  });

  it('names each bad field once', () => {
    const fields = schemaProblems(SubmitFeedbackBody, { text: '', source: 'csv', userId: 'u'.repeat(257) }).map((p) => p.field);
    expect(fields).to.have.members(['text', 'source', 'userId']);
    expect(new Set(fields).size).to.equal(fields.length);
  });
});

describe('validation messages say what would be accepted', () => {
  const messageFor = (body: unknown, field: string) => schemaProblems(SubmitFeedbackBody, body).find((p) => p.field === field)?.message;

  it('suggests the known property an unknown one most likely meant, only when one is close', () => {
    expect(messageFor({ text: 'x', userID: 'u1' }, 'userID')).to.equal('Unexpected property; did you mean userId?');
    expect(messageFor({ text: 'x', created_at: '2025-01-15T09:30:00Z' }, 'created_at')).to.equal('Unexpected property; did you mean createdAt?');
    expect(messageFor({ text: 'x', colour: 'blue' }, 'colour')).to.equal('Unexpected property');
  });

  it('lists the allowed values of an enum', () => {
    expect(messageFor({ text: 'x', source: 'csv' }, 'source')).to.equal('must be one of "api", "widget"');
  });

  it('lists the JSON types a value may have', () => {
    expect(schemaProblems(IdentifyUserBody, { userId: 'u1', traits: { plan: { tier: 'pro' } } })).to.deep.equal([
      { field: 'traits.plan', message: 'must be string, number, boolean or null' },
    ]);
  });

  it('shows a valid date-time when one is malformed, and what is wrong when it does not exist', () => {
    expect(messageFor({ text: 'x', createdAt: 'yesterday' }, 'createdAt')).to.equal(
      'must be an RFC 3339 date-time such as 2025-01-15T09:30:00Z or 2025-01-15T10:30:00+01:00',
    );
    expect(messageFor({ text: 'x', createdAt: '2025-02-30T09:30:00Z' }, 'createdAt')).to.match(/^must be a real date and time .* e\.g\. 2025-01-15T09:30:00Z$/);
  });
});
