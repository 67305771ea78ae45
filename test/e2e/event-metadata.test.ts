import { expect } from 'chai';
import { hashApiKey, keyPrefix } from '../../src/auth/api-keys.js';
import { clusterLabelStream, clusterStream } from '../../src/domain/cluster/events.js';
import { feedbackStream } from '../../src/domain/feedback/events.js';
import type { NewEvent, RecordedEvent } from '../../src/eventstore/event-store.js';
import { waitForClusteredItem, waitForClusteringIdle } from '../support/clusters.js';
import { readJson, type TestProject } from '../support/http.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

const ORIGIN = 'https://app.example.com';

describe('event metadata: who asked and which request', function () {
  this.timeout(60_000);
  let server: TestServer;
  let project: TestProject;

  before(async () => {
    server = await startTestServer({ workers: false });
    project = await server.createProject({ name: 'Metadata', origins: [ORIGIN] });
  });
  after(() => server.close());

  const keyIdOf = async (key: string) =>
    (await server.runtime.db.query<{ key_id: string }>(`SELECT key_id FROM api_keys WHERE key_hash = $1`, [hashApiKey(key)])).rows[0].key_id;

  const submit = async (key: string, headers: Record<string, string> = {}) => {
    const response = await server.request('/api/v1/feedback', { method: 'POST', key, body: JSON.stringify({ text: 'Export is slow' }), headers });
    expect(response.status).to.equal(202);
    return { id: (await readJson(response)).id as string, requestId: response.headers.get('x-request-id') };
  };

  const eventsOf = (feedbackId: string): Promise<RecordedEvent[]> => server.runtime.store.readStream(feedbackStream(feedbackId));

  function expectNoKeyMaterial(metadata: unknown, key: string) {
    const text = JSON.stringify(metadata);
    for (const secret of [key, keyPrefix(key), hashApiKey(key)]) expect(text).to.not.include(secret);
  }

  it('a submission records the X-Request-Id sent as correlation and cause, and the key by id and type only', async () => {
    const { id, requestId } = await submit(project.secretKey, { 'X-Request-Id': 'req-metadata-1' });
    expect(requestId).to.equal('req-metadata-1');
    const [submitted] = await eventsOf(id);
    expect(submitted.type).to.equal('FeedbackSubmitted');
    expect(submitted.metadata).to.deep.equal({
      correlationId: 'req-metadata-1',
      causationId: 'req-metadata-1',
      actor: { kind: 'api-key', keyId: await keyIdOf(project.secretKey), keyType: 'secret' },
    });
    expectNoKeyMaterial(submitted.metadata, project.secretKey);
  });

  it('without an X-Request-Id, the id the service answered with is the correlation', async () => {
    const { id, requestId } = await submit(project.widgetKey, { Origin: ORIGIN });
    expect(requestId).to.be.a('string').and.not.equal('');
    const [submitted] = await eventsOf(id);
    expect(submitted.metadata).to.deep.include({
      correlationId: requestId,
      actor: { kind: 'api-key', keyId: await keyIdOf(project.widgetKey), keyType: 'widget' },
    });
    expectNoKeyMaterial(submitted.metadata, project.widgetKey);
  });

  it('a deletion records its own request (seen as appended: the item’s stream is erased right after)', async () => {
    const { id } = await submit(project.secretKey);
    const store = server.runtime.store;
    const append = store.append;
    const appended: NewEvent[] = [];
    store.append = (stream, events, expected) => {
      appended.push(...events);
      return append.call(store, stream, events, expected);
    };
    try {
      const response = await server.request(`/api/v1/feedback/${id}`, {
        method: 'DELETE',
        key: project.secretKey,
        headers: { 'X-Request-Id': 'req-delete-1' },
      });
      expect(response.status).to.equal(204);
    } finally {
      store.append = append;
    }
    const deleted = appended.find((event) => event.type === 'FeedbackDeleted');
    expect(deleted?.metadata).to.deep.equal({
      correlationId: 'req-delete-1',
      causationId: 'req-delete-1',
      actor: { kind: 'api-key', keyId: await keyIdOf(project.secretKey), keyType: 'secret' },
    });
  });
});

describe('event metadata: a request id follows an item through the workers', function () {
  this.timeout(120_000);
  let server: TestServer;
  let project: TestProject;
  let feedbackId: string;
  let clusterId: string;
  let secretKeyId: string;

  const readStream = (stream: string) => server.runtime.store.readStream(stream);
  const only = (events: RecordedEvent[], type: string) => {
    const found = events.filter((event) => event.type === type);
    expect(found, type).to.have.length(1);
    return found[0];
  };

  before(async () => {
    server = await startTestServer();
    project = await server.createProject({ name: 'Traced' });
    secretKeyId = (await server.runtime.db.query<{ key_id: string }>(`SELECT key_id FROM api_keys WHERE key_hash = $1`, [hashApiKey(project.secretKey)]))
      .rows[0].key_id;
    const response = await server.request('/api/v1/feedback', {
      method: 'POST',
      key: project.secretKey,
      body: JSON.stringify({ text: 'The invoice PDF is missing the tax number' }),
      headers: { 'X-Request-Id': 'trace-123' },
    });
    expect(response.status).to.equal(202);
    feedbackId = (await readJson(response)).id;
    clusterId = (await waitForClusteredItem(server, project, feedbackId)).clusterId;
    await waitForClusteringIdle(server, project.projectId);
  });
  after(() => server.close());

  it('FeedbackProcessed and FeedbackClustered carry the request id, each caused by the event it reacted to', async () => {
    const events = await readStream(feedbackStream(feedbackId));
    const submitted = only(events, 'FeedbackSubmitted');
    const processed = only(events, 'FeedbackProcessed');
    expect(processed.metadata).to.deep.equal({ correlationId: 'trace-123', causationId: submitted.id, actor: { kind: 'system', name: 'analysis-worker' } });
    expect(only(events, 'FeedbackClustered').metadata).to.deep.equal({
      correlationId: 'trace-123',
      causationId: processed.id,
      actor: { kind: 'system', name: 'clustering-worker' },
    });
  });

  it('the theme the item started (ClusterCreated, its label) is recorded under the same request id', async () => {
    const processed = only(await readStream(feedbackStream(feedbackId)), 'FeedbackProcessed');
    const themeEvents = [...(await readStream(clusterStream(clusterId))), ...(await readStream(clusterLabelStream(clusterId, 0)))];
    expect(themeEvents.map((event) => event.type)).to.include.members(['ClusterCreated', 'ClusterLabeled']);
    for (const event of themeEvents) {
      expect(event.metadata, event.type).to.deep.equal({
        correlationId: 'trace-123',
        causationId: processed.id,
        actor: { kind: 'system', name: 'clustering-worker' },
      });
    }
  });

  it('the theme’s new label after the item is deleted is recorded under the deleting request', async () => {
    const response = await server.request(`/api/v1/feedback/${feedbackId}`, {
      method: 'DELETE',
      key: project.secretKey,
      headers: { 'X-Request-Id': 'trace-delete-1' },
    });
    expect(response.status).to.equal(204);
    const relabeled = await readStream(clusterLabelStream(clusterId, 1));
    expect(relabeled.map((event) => event.type)).to.deep.equal(['ClusterLabeled']);
    expect(relabeled[0].metadata).to.deep.equal({
      correlationId: 'trace-delete-1',
      causationId: 'trace-delete-1',
      actor: { kind: 'api-key', keyId: secretKeyId, keyType: 'secret' },
    });
  });
});
