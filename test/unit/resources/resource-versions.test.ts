import { expect } from 'chai';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { CLUSTERING_VERSIONS } from '../../../src/resources/clustering.js';
import { HEALTH_MODEL_VERSION } from '../../../src/resources/health-model.js';
import { readResource, RESOURCES_DIR, versionOfFiles } from '../../../src/resources/resource-files.js';

const digest = (bytes: Buffer) => `sha256:${createHash('sha256').update(bytes).digest('hex').slice(0, 12)}`;

describe('versions of the data under resources/', () => {
  it('a file’s version is the digest of its bytes', () => {
    const bytes = readFileSync(path.join(RESOURCES_DIR, 'models', 'use-lite-512.json'));
    expect(readResource('models/use-lite-512.json').version).to.equal(digest(bytes));
    expect(CLUSTERING_VERSIONS.vector).to.equal(`use-lite-512@${digest(bytes)}`);
    expect(CLUSTERING_VERSIONS.thresholds).to.equal(digest(readFileSync(path.join(RESOURCES_DIR, 'themes', 'thresholds.json'))));
    expect(HEALTH_MODEL_VERSION).to.equal(digest(readFileSync(path.join(RESOURCES_DIR, 'health', 'health-model.json'))));
  });

  it('the version of data in several files changes with any byte, name or order of them', () => {
    const a = { name: 'a.json', bytes: Buffer.from('["x"]') };
    const b = { name: 'b.json', bytes: Buffer.from('["y"]') };
    const base = versionOfFiles([a, b]);
    expect(base).to.match(/^sha256:[0-9a-f]{12}$/);
    expect(versionOfFiles([a, b])).to.equal(base);
    expect(versionOfFiles([b, a])).to.not.equal(base);
    expect(versionOfFiles([a, { ...b, bytes: Buffer.from('["z"]') }])).to.not.equal(base);
    expect(versionOfFiles([a, { ...b, name: 'c.json' }])).to.not.equal(base);
  });

  it('every kind of data that shapes a theme is versioned', () => {
    expect(Object.keys(CLUSTERING_VERSIONS)).to.have.members(['vector', 'taxonomy', 'thresholds', 'words']);
    for (const version of Object.values(CLUSTERING_VERSIONS)) expect(version).to.match(/sha256:[0-9a-f]{12}$/);
  });
});
