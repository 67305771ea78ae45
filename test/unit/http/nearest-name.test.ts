import { expect } from 'chai';
import { nearestName } from '../../../src/http/nearest-name.js';

describe('the known name a misspelt one meant', () => {
  const BODY = ['text', 'userId', 'email', 'source', 'metadata', 'createdAt'];

  it('matches another case and snake or kebab case', () => {
    for (const name of ['userID', 'UserId', 'user_id', 'user-id', 'USERID']) expect(nearestName(name, BODY), name).to.equal('userId');
    expect(nearestName('created_at', BODY)).to.equal('createdAt');
  });

  it('matches a typo a few edits away, transpositions counting once', () => {
    expect(nearestName('txet', BODY)).to.equal('text');
    expect(nearestName('emial', BODY)).to.equal('email');
    expect(nearestName('metdata', BODY)).to.equal('metadata');
    expect(nearestName('createAt', BODY)).to.equal('createdAt');
  });

  it('suggests nothing when no name is close, or when two are equally close', () => {
    for (const name of ['foo', 'colour', 'meta', 'body', 'x'.repeat(5000)]) expect(nearestName(name, BODY), name).to.equal(undefined);
    expect(nearestName('r', ['q', 'limit']), 'one-letter names are all one edit apart').to.equal(undefined);
    expect(nearestName('cat', ['bat', 'hat'])).to.equal(undefined);
    expect(nearestName('limt', ['limit', 'lima'])).to.equal(undefined);
  });
});
