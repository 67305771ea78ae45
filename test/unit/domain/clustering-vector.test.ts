import { expect } from 'chai';
import { findMerges } from '../../../src/domain/cluster/assignment.js';
import { LEXICAL_BUCKETS, TOPIC_SLOTS, TOPIC_WEIGHT } from '../../../src/domain/cluster/clustering-vector.js';
import { clusteringDimensions, lexicalTerms, toClusteringVector, USE_LITE_CLUSTERING_DIMENSIONS } from '../../../src/resources/clustering.js';
import { cosineSimilarity } from '../../../src/domain/cluster/vectors.js';
import { ASPECT_SLOTS } from '../../../src/domain/cluster/aspects.js';

/** A deterministic pseudo-embedding of unit length. */
function embedding(seed: number, dimensions = 512): number[] {
  const v = Array.from({ length: dimensions }, (_, i) => Math.sin((i + 1) * 12.9898 + seed * 78.233));
  const n = Math.hypot(...v);
  return v.map((x) => x / n);
}
const norm = (v: readonly number[]) => Math.hypot(...v);

describe('clustering vector', () => {
  it('use-lite-512: a unit vector of 512 + 192 + 320 dimensions (lexical and aspect blocks)', () => {
    const v = toClusteringVector('use-lite-512', embedding(1), 'The CSV export cuts off at 1000 rows.');
    expect([LEXICAL_BUCKETS, ASPECT_SLOTS]).to.deep.equal([192, 320]);
    expect(USE_LITE_CLUSTERING_DIMENSIONS).to.equal(1024);
    expect(v).to.have.length(USE_LITE_CLUSTERING_DIMENSIONS);
    expect(clusteringDimensions('use-lite-512', 512)).to.equal(USE_LITE_CLUSTERING_DIMENSIONS);
    expect(norm(v)).to.be.closeTo(1, 1e-9);
  });

  it('is deterministic and does not change its input', () => {
    const e = embedding(2);
    const copy = [...e];
    const a = toClusteringVector('use-lite-512', e, 'Dark mode please, my eyes hurt at night.');
    const b = toClusteringVector('use-lite-512', e, 'Dark mode please, my eyes hurt at night.');
    expect(a).to.deep.equal(b);
    expect(e).to.deep.equal(copy);
  });

  it('texts sharing content words are closer than the embeddings alone make them', () => {
    const e1 = embedding(3);
    const e2 = embedding(4);
    const base = cosineSimilarity(toClusteringVector('use-lite-512', e1, ''), toClusteringVector('use-lite-512', e2, ''));
    const shared = cosineSimilarity(
      toClusteringVector('use-lite-512', e1, 'The calendar sync duplicates events.'),
      toClusteringVector('use-lite-512', e2, 'Calendar sync stopped for my events.'),
    );
    expect(shared).to.be.greaterThan(base + 0.1);
  });

  it('reports naming one aspect in other words or languages are close although they share no word', () => {
    const e1 = embedding(6);
    const e2 = embedding(7);
    const sameAspect = cosineSimilarity(
      toClusteringVector('use-lite-512', e1, 'I cannot sign in.'),
      toClusteringVector('use-lite-512', e2, 'No puedo iniciar sesión, la contraseña falla.'),
    );
    const otherAspect = cosineSimilarity(
      toClusteringVector('use-lite-512', e1, 'I cannot sign in.'),
      toClusteringVector('use-lite-512', e2, 'La exportación a CSV nunca termina.'),
    );
    expect(sameAspect).to.be.greaterThan(otherAspect + 0.3);
  });

  it('without content words (or with empty text) the lexical block is zeros', () => {
    const v = toClusteringVector('use-lite-512', embedding(5), '[email] 123 the and');
    expect(v.slice(512).every((x) => x === 0)).to.equal(true);
    expect(toClusteringVector('use-lite-512', embedding(5), '')).to.deep.equal(v);
  });

  it('given texts in a language the model does not read, when their vectors are compared, then the embedding counts less than their words', () => {
    // Given: two unrelated Spanish texts whose (English-only) embeddings are identical, as USE-lite's nearly are.
    const e = embedding(8);
    const first = 'El calendario duplica los eventos.';
    const second = 'La factura llegó dos veces.';
    // When: compared as English (or unknown language) texts, and as Spanish ones.
    const asRead = cosineSimilarity(toClusteringVector('use-lite-512', e, first, 'en'), toClusteringVector('use-lite-512', e, second, 'en'));
    const unknown = cosineSimilarity(toClusteringVector('use-lite-512', e, first), toClusteringVector('use-lite-512', e, second, 'und'));
    const asSpanish = cosineSimilarity(toClusteringVector('use-lite-512', e, first, 'es'), toClusteringVector('use-lite-512', e, second, 'es'));
    // Then: the shared embedding no longer makes them one theme; unknown language is read as before.
    expect(unknown).to.be.closeTo(asRead, 1e-12);
    expect(asRead).to.be.greaterThan(0.25);
    expect(asSpanish).to.be.lessThan(0.1);
    expect(norm(toClusteringVector('use-lite-512', e, first, 'es'))).to.be.closeTo(1, 1e-9);
  });

  it('given a text in Spanish or German, when its words are taken, then the function words of its language are not among them', () => {
    const spanish = 'No puedo descargar los certificados de los cursos';
    expect(lexicalTerms(spanish)).to.include.members(['los', 'de']);
    expect(lexicalTerms(spanish, 'es')).to.deep.equal(['puedo', 'descargar', 'certificado', 'curso']);
    expect(lexicalTerms('Die App stürzt ab, wenn ich das Zertifikat öffne', 'de')).to.not.include.members(['die', 'ich', 'das']);
  });

  it('given an English text, when its words are taken, then another language’s function words stay ("door" is Dutch for "through")', () => {
    expect(lexicalTerms('The front door lock jams', 'en')).to.include('door');
    expect(lexicalTerms('De deur gaat niet open door de app', 'nl')).to.not.include('door');
  });

  it('use-lite-512: an embedding of an unexpected length is left as it is (a copy), and a topic changes nothing', () => {
    const e = embedding(6, 8);
    const v = toClusteringVector('use-lite-512', e, 'text');
    expect(v).to.deep.equal(e);
    expect(v).to.not.equal(e);
    const full = embedding(6);
    expect(toClusteringVector('use-lite-512', full, 'The CSV export fails', 'en', 'CSV export')).to.deep.equal(
      toClusteringVector('use-lite-512', full, 'The CSV export fails', 'en'),
    );
  });
});

describe('clustering vector of the LLM path (every model but use-lite-512)', () => {
  const model = 'text-embedding-3-small';

  it('given any embedding, then a unit vector of its length + lexical, aspect and topic blocks', () => {
    for (const name of [model, 'unknown']) {
      const v = toClusteringVector(name, embedding(6, 8), 'some text', 'en', 'Sign in');
      expect(v).to.have.length(8 + LEXICAL_BUCKETS + ASPECT_SLOTS + TOPIC_SLOTS);
      expect(clusteringDimensions(name, 8)).to.equal(v.length);
      expect(norm(v)).to.be.closeTo(1, 1e-9);
    }
  });

  it('given two unrelated texts, when the LLM named the same topic, then they are closer than with different topics', () => {
    const [e1, e2] = [embedding(21, 16), embedding(22, 16)];
    const first = 'Nothing happens after I type the code from the text message.';
    const second = 'The authentication screen rejects my credentials.';
    const same = cosineSimilarity(toClusteringVector(model, e1, first, 'en', 'Sign in'), toClusteringVector(model, e2, second, 'en', 'Sign-in'));
    const different = cosineSimilarity(toClusteringVector(model, e1, first, 'en', 'Sign in'), toClusteringVector(model, e2, second, 'en', 'Dark mode'));
    expect(same - different).to.be.greaterThan(TOPIC_WEIGHT ** 2 * 0.9);
  });

  it('given no topic, then the topic block is zeros: an item without one is judged on the other blocks only', () => {
    const e = embedding(23, 16);
    const v = toClusteringVector(model, e, 'Dark mode please', 'en');
    expect(v.slice(-TOPIC_SLOTS).every((x) => x === 0)).to.equal(true);
    expect(toClusteringVector(model, e, 'Dark mode please', 'en', '')).to.deep.equal(v);
    expect(norm(v)).to.be.closeTo(1, 1e-9);
  });

  it('reads every language: the embedding of a Spanish text is not scaled down', () => {
    const [e1, e2] = [embedding(24, 16), embedding(24, 16)];
    const asSpanish = cosineSimilarity(toClusteringVector(model, e1, 'tarjeta rota', 'es'), toClusteringVector(model, e2, 'banco lento', 'es'));
    const asEnglish = cosineSimilarity(toClusteringVector(model, e1, 'tarjeta rota', 'en'), toClusteringVector(model, e2, 'banco lento', 'en'));
    expect(asSpanish).to.be.closeTo(asEnglish, 1e-9);
  });
});

describe('average-link merges (mergeAverage)', () => {
  const thresholds = { join: 0.5, merge: 0.9, mergeAverage: 0.2 };
  it('only when no centres are closer than merge; single items need join', () => {
    // Two themes of 2 whose members are 0.3 similar on average: 1.2 / 4 = 0.3 ≥ 0.2 + 0.3 / 4.
    const a = { clusterId: 'a', centroid: [2, 0], size: 2 };
    const b = { clusterId: 'b', centroid: [0.6, 1.9], size: 2 };
    expect(findMerges([a, b], thresholds)).to.have.length(1);
    expect(findMerges([a, b], { join: 0.5, merge: 0.9 })).to.deep.equal([]);
    // Two single items 0.4 similar: below join.
    const s1 = { clusterId: 's1', centroid: [1, 0], size: 1 };
    const s2 = { clusterId: 's2', centroid: [0.4, Math.sqrt(1 - 0.16)], size: 1 };
    expect(findMerges([s1, s2], thresholds)).to.deep.equal([]);
    // Centres closer than merge take precedence over average-link pairs.
    const c = { clusterId: 'c', centroid: [1.99, 0.05], size: 2 };
    expect(findMerges([a, b, c], thresholds)).to.deep.equal([{ from: 'c', into: 'a', similarity: findMerges([a, c], thresholds)[0].similarity }]);
  });
});
