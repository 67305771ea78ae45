import { expect } from 'chai';
import { lexicalTerms } from '../../src/resources/clustering.js';
import { expectRebuildEqualsLive } from '../support/table-snapshot.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { submit, waitForCluster, waitForClusteringIdle } from '../support/clusters.js';
import { readJson, type TestProject } from '../support/http.js';

/** Sign-in trouble in four paraphrases that share no content word with each other. */
const SIGN_IN_PARAPHRASES = [
  'Cannot sign in.',
  'The authentication screen rejects my credentials.',
  'Login keeps failing with the password I just reset.',
  'Locked out after two attempts, 2FA code never arrived.',
];
/** One request, dark mode, in English, Spanish, French and German. */
const DARK_MODE_LANGUAGES = [
  'Please add a dark mode, the white background hurts at night.',
  'Por favor, añadan un modo oscuro.',
  'Un mode sombre serait génial pour le soir.',
  'Bitte einen Dunkelmodus einbauen.',
];
/** A different theme in the same project: it must stay apart. */
const EXPORT = ['The CSV export times out on big reports.', 'La exportación a CSV nunca termina.'];

describe('themes people recognise: through the HTTP API with the workers running', function () {
  this.timeout(180_000);
  let server: TestServer;

  before(async () => {
    server = await startTestServer({ analyzer: 'offline' });
  });
  after(() => server.close());

  const themesOf = async (project: TestProject) => {
    const response = await server.request('/api/v1/clusters', { key: project.secretKey });
    expect(response.status).to.equal(200);
    return (await readJson(response)).clusters as { id: string; size: number; label: string }[];
  };

  async function submitAll(project: TestProject, texts: readonly string[]): Promise<void> {
    const ids: string[] = [];
    for (const text of texts) ids.push(await submit(server, project, { text }));
    for (const id of ids) await waitForCluster(server, project, id);
    await waitForClusteringIdle(server, project.projectId);
  }

  it('the paraphrases share no content word (the premise of the next test)', () => {
    const words = SIGN_IN_PARAPHRASES.map((text) => new Set(lexicalTerms(text)));
    for (let i = 0; i < words.length; i++) {
      for (let j = i + 1; j < words.length; j++)
        expect(
          [...words[i]].filter((w) => words[j].has(w)),
          `${i} and ${j}`,
        ).to.deep.equal([]);
    }
  });

  it('sign-in paraphrases sharing no words end in one theme, apart from another theme, right after processing', async () => {
    const project = await server.createProject({ name: 'Paraphrases' });
    await submitAll(project, [...SIGN_IN_PARAPHRASES, ...EXPORT]);
    const sizes = (await themesOf(project)).map((theme) => theme.size).sort((a, b) => b - a);
    expect(sizes).to.deep.equal([SIGN_IN_PARAPHRASES.length, EXPORT.length]);
  });

  it('one request in en, es, fr and de ends in one theme with a readable label', async () => {
    const project = await server.createProject({ name: 'Languages' });
    await submitAll(project, [...DARK_MODE_LANGUAGES, ...EXPORT]);
    const themes = (await themesOf(project)).sort((a, b) => b.size - a.size);
    expect(themes.map((theme) => theme.size)).to.deep.equal([DARK_MODE_LANGUAGES.length, EXPORT.length]);
    expect(themes[0].label).to.match(/^Dark mode/);
    expect(themes[0].label).to.not.include(' / ');
  });

  it('a full replay rebuilds the same themes (settling merges are events)', async () => {
    const live = await expectRebuildEqualsLive(server.runtime, ['clusters', 'cluster_members', 'feedback_items']);
    expect(live.cluster_members).to.have.length(SIGN_IN_PARAPHRASES.length + DARK_MODE_LANGUAGES.length + 2 * EXPORT.length);
  });
});
