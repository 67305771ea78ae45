import { expect } from 'chai';
import { Type } from '@sinclair/typebox';
import { SubmitFeedbackBody } from '../../../commands/submit-feedback/schema.js';
import { jsonSchemaOf } from '../../../src/http/openapi-schema.js';
import { schemaProblems } from '../../../src/http/validation.js';

describe('TypeBox schemas as OpenAPI 3.1 JSON Schema', () => {
  const Status = Type.Union([Type.Literal('active'), Type.Literal('muted')], { description: 'Which themes.' });

  it('writes a union of literals as one enum, keeping its annotations', () => {
    expect(jsonSchemaOf(Status)).to.deep.equal({ description: 'Which themes.', type: 'string', enum: ['active', 'muted'] });
  });

  it('writes "a plain type or null" as a type array, and "an enum or null" as anyOf with null', () => {
    expect(jsonSchemaOf(Type.Union([Type.String({ format: 'date-time' }), Type.Null()]))).to.deep.equal({ format: 'date-time', type: ['string', 'null'] });
    expect(jsonSchemaOf(Type.Union([Status, Type.Null()]))).to.deep.equal({
      anyOf: [{ description: 'Which themes.', type: 'string', enum: ['active', 'muted'] }, { type: 'null' }],
    });
  });

  it('leaves other unions, one-value literals and the data inside examples and defaults alone', () => {
    const mixed = Type.Union([Type.String(), Type.Number()]);
    expect(jsonSchemaOf(mixed)).to.deep.equal({ anyOf: [{ type: 'string' }, { type: 'number' }] });
    expect(jsonSchemaOf(Type.Literal('pending'))).to.deep.equal({ const: 'pending', type: 'string' });
    const example = { anyOf: [{ const: 'a' }, { const: 'b' }] };
    expect(jsonSchemaOf(Type.Unknown({ examples: [example], default: example }))).to.deep.equal({ examples: [example], default: example });
  });

  it('documents without changing the validating schema: validation answers as before', () => {
    const documented = jsonSchemaOf(SubmitFeedbackBody);
    expect(documented.properties.source.enum).to.deep.equal(['api', 'widget']);
    expect(SubmitFeedbackBody.properties.source.anyOf).to.have.length(2);
    expect(schemaProblems(SubmitFeedbackBody, { text: 'x', source: 'csv' })).to.deep.equal([{ field: 'source', message: 'must be one of "api", "widget"' }]);
  });
});
