import { expect } from 'chai';
import { submissionProblems, type SubmissionContext } from '../../../commands/submit-feedback/rules.js';
import type { SubmitFeedbackBody } from '../../../commands/submit-feedback/schema.js';

describe('submission rules beyond the schema', () => {
  const now = new Date('2025-06-01T12:00:00Z');
  const secret: SubmissionContext = { keyType: 'secret', now };
  const widget: SubmissionContext = { keyType: 'widget', now };
  const fields = (body: SubmitFeedbackBody, context = secret) => submissionProblems(body, context).map((p) => p.field);

  it('given a secret key, when createdAt is within 1970 … receipt + 24 h, then it is accepted', () => {
    expect(fields({ text: 'ok', createdAt: '1970-01-01T00:00:00Z' })).to.deep.equal([]);
    expect(fields({ text: 'ok', createdAt: '2025-06-02T12:00:00Z' })).to.deep.equal([]);
  });

  it('given a secret key, when createdAt is before 1970 or over 24 h ahead, then createdAt is named', () => {
    expect(fields({ text: 'ok', createdAt: '1969-12-31T23:59:59.999Z' })).to.deep.equal(['createdAt']);
    expect(fields({ text: 'ok', createdAt: '2025-06-02T12:00:00.001Z' })).to.deep.equal(['createdAt']);
  });

  it('given a widget key, when it sets createdAt or a source other than widget, then each is named', () => {
    expect(fields({ text: 'ok', createdAt: '2025-06-01T12:00:00Z', source: 'api' }, widget)).to.have.members(['createdAt', 'source']);
    expect(fields({ text: 'ok', source: 'widget' }, widget)).to.deep.equal([]);
  });

  it('given text or a userId without a visible character, then it is named', () => {
    expect(fields({ text: '\u200b \u00a0' })).to.deep.equal(['text']);
    expect(fields({ text: 'ok', userId: '\u3000' })).to.deep.equal(['userId']);
    expect(fields({ text: '¿?' })).to.deep.equal([]);
  });

  it('given metadata keys that no filter could name, then each key is named', () => {
    expect(fields({ text: 'ok', metadata: { '': 1, 'a:b': 2, ' ': 3, good: 4 } })).to.have.members(['metadata.(empty key)', 'metadata.a:b', 'metadata. ']);
  });
});
