import { expect } from 'chai';
import pgvector from 'pgvector';
import { vectorFromText } from '../../../src/db/vector-from-text.js';

describe('vectorFromText: pgvector text form as numbers', () => {
  it('reads the same numbers as splitting the text and parsing each component', () => {
    const components = ['0.1', '-2e-05', '1.2345679', '-0', '3.4028235e+38', '1e-45', '0.33333334', '-0.7071068'];
    const text = `[${components.join(',')}]`;
    const read = vectorFromText(text);
    expect(read).to.have.length(components.length);
    read.forEach((value, i) => expect(Object.is(value, parseFloat(components[i])), components[i]).to.equal(true));
    expect(read).to.deep.equal(pgvector.fromSql(text));
  });

  it('reads a non-finite component as 0 and keeps the others', () => {
    expect(vectorFromText('[0.5,NaN,-Infinity,Infinity,2]')).to.deep.equal([0.5, 0, 0, 0, 2]);
  });
});
