import { expect } from 'chai';
import { startTestServer, type TestServer } from '../support/test-server.js';

describe('GET /api/v1/ping (spec 4.11)', () => {
  let server: TestServer;
  let project: { projectId: string; secretKey: string; widgetKey: string };

  before(async () => {
    server = await startTestServer({ workers: false });
    project = await server.createProject({ name: 'Ping', origins: ['https://app.example.com'] });
  });
  after(() => server.close());

  it('returns the project and the key type and mode for a secret key', async () => {
    const response = await server.request('/api/v1/ping', { key: project.secretKey });
    expect(response.status).to.equal(200);
    expect(await response.json()).to.deep.equal({
      project: { id: project.projectId, name: 'Ping' },
      key: { type: 'secret', mode: 'test' },
    });
  });

  it('accepts a widget key from an allowed origin', async () => {
    const response = await server.request('/api/v1/ping', { key: project.widgetKey, headers: { Origin: 'https://app.example.com' } });
    expect(response.status).to.equal(200);
    expect(((await response.json()) as any).key).to.deep.equal({ type: 'widget', mode: 'test' });
    expect(response.headers.get('access-control-allow-origin')).to.equal('https://app.example.com');
  });
});
