import { expect } from 'chai';
import { formatLabel, labelTheme, labelThemes, pickTerms, scoreTerms } from '../../../../src/analysis/labels/ctfidf.js';

const CLUSTERS = [
  {
    clusterId: 'login',
    texts: [
      'I cannot log in, the password reset email never arrives at [email].',
      'Password reset link expired before I opened it.',
      'Locked out after a password reset, please help [name].',
      'The login page rejects my password.',
    ],
  },
  {
    clusterId: 'export',
    texts: ['CSV export fails for large reports.', 'The exported CSV file is empty.', 'Export to CSV times out, the file never arrives.'],
  },
  {
    clusterId: 'dark',
    texts: ['Please add a dark mode.', 'Dark mode please, the white screen hurts my eyes.', 'Would love a dark theme for the app.'],
  },
];

describe('c-TF-IDF theme labels', () => {
  it('labels each cluster with its distinctive terms', () => {
    const labels = labelThemes(CLUSTERS);
    expect([...labels.keys()]).to.deep.equal(['login', 'export', 'dark']);
    expect(labels.get('login')).to.match(/^password reset/);
    expect(labels.get('export')).to.include('csv').and.include('export');
    expect(labels.get('dark')).to.match(/^dark mode/);
    for (const label of labels.values()) {
      expect(label).to.equal(label.toLowerCase());
      expect(label.length).to.be.at.most(60);
      const terms = label.split(' / ');
      expect(terms.length).to.be.within(2, 4);
    }
  });

  it('weighs terms as tf × log(1 + average words per cluster / frequency across clusters)', () => {
    const clusters = [
      { clusterId: 'a', texts: ['apple apple banana'] },
      { clusterId: 'b', texts: ['banana cherry'] },
    ];
    const scores = scoreTerms(clusters, { bigrams: false });
    // 5 words over 2 clusters: A = 2.5
    const a = scores.get('a')!;
    expect(a.map((t) => t.term)).to.deep.equal(['apple', 'banana']);
    expect(a[0].score).to.be.closeTo(2 * Math.log(1 + 2.5 / 2), 1e-12);
    expect(a[1].score).to.be.closeTo(1 * Math.log(1 + 2.5 / 2), 1e-12);
    expect(scores.get('b')!.map((t) => t.term)).to.deep.equal(['cherry', 'banana']);
  });

  it('counts inflections as one term, shown in the most frequent form', () => {
    const scores = scoreTerms([{ clusterId: 'c', texts: ['The app crashes.', 'It crashed again.', 'Crashes on upload.'] }], { bigrams: false });
    const crash = scores.get('c')!.find((t) => t.key === 'crash')!;
    expect(crash.count).to.equal(3);
    expect(crash.term).to.equal('crash');
  });

  it('breaks ties alphabetically and is deterministic', () => {
    const clusters = [
      { clusterId: 'x', texts: ['zebra yak'] },
      { clusterId: 'y', texts: ['walrus'] },
    ];
    expect(labelThemes(clusters, { bigrams: false }).get('x')).to.equal('yak / zebra');
    expect([...labelThemes(CLUSTERS)]).to.deep.equal([...labelThemes(CLUSTERS)]);
    expect([...labelThemes([...CLUSTERS].reverse())].sort()).to.deep.equal([...labelThemes(CLUSTERS)].sort());
  });

  it('gives "misc" to a cluster without usable terms', () => {
    const labels = labelThemes([...CLUSTERS, { clusterId: 'empty', texts: ['[email] [name] 123', 'it is what it is', ''] }]);
    expect(labels.get('empty')).to.equal('misc');
    expect(labelThemes([{ clusterId: 'none', texts: [] }]).get('none')).to.equal('misc');
  });

  it('never shows placeholders or numbers', () => {
    const labels = labelThemes([
      { clusterId: 'p', texts: ['Call [phone] about order 12345, [name] [name] [email]', 'Order 999 missing, call me'] },
      ...CLUSTERS,
    ]);
    expect(labels.get('p')).to.not.match(/\[|\]|\d|email|phone|name/);
  });

  it('keeps labels within 60 characters, cutting at whole terms', () => {
    expect(formatLabel(['internationalisation', 'configuration management', 'synchronisation errors', 'x'])).to.equal(
      'internationalisation / configuration management',
    );
    expect(formatLabel(['a'.repeat(80)])).to.have.length(60);
    expect(formatLabel([])).to.equal('misc');
    expect(formatLabel(['one', 'two', 'three'], { maxChars: 9 })).to.equal('one / two');
  });

  it('lets a frequent bigram replace the words it contains', () => {
    const ranked = [
      { term: 'password', key: 'password', score: 5, count: 5 },
      { term: 'reset', key: 'reset', score: 4, count: 4 },
      { term: 'login', key: 'login', score: 3, count: 3 },
      { term: 'password reset', key: 'password reset', score: 2, count: 3 },
      { term: 'reset link', key: 'reset link', score: 1, count: 1 },
    ];
    expect(pickTerms(ranked)).to.deep.equal(['password reset', 'login']);
    expect(pickTerms(ranked, { maxTerms: 2 })).to.deep.equal(['password reset']);
    const rareBigram = ranked.map((t) => (t.term === 'password reset' ? { ...t, count: 1 } : t));
    expect(pickTerms(rareBigram)).to.deep.equal(['password', 'reset', 'login']);
  });

  it('labels one cluster against the others with labelTheme', () => {
    expect(labelTheme(CLUSTERS[1].texts, CLUSTERS)).to.equal(labelThemes(CLUSTERS).get('export'));
    expect(labelTheme(['Dark mode please', 'A dark mode would be great'])).to.match(/^dark mode/);
  });

  it('leaves the function and filler words of a text in another language out of its terms', () => {
    const labels = labelThemes([
      { clusterId: 'de', texts: ['Bitte eine Funktion zum Entfernen von Objekten einbauen'] },
      { clusterId: 'es', texts: ['Me encantaría poder quitar el fondo de las fotos'] },
    ]);
    for (const label of labels.values())
      for (const word of ['bitte', 'eine', 'von', 'de', 'las', 'el', 'poder']) expect(label.split(/[ /]+/)).to.not.include(word);
  });
});
