import { expect } from 'chai';
import { DeciderSpecification } from '../../support/decider-spec.js';
import { webhookEndpointsDecider } from '../../../src/domain/webhook/decider.js';
import type { WebhookEvent } from '../../../src/domain/webhook/events.js';
import { Conflict, Invalid, NotFound } from '../../../src/domain/errors.js';

const spec = DeciderSpecification.for(webhookEndpointsDecider);
const projectId = 'prj_1';
const now = '2026-03-01T12:00:00.000Z';

const created = (endpointId: string): WebhookEvent => ({
  type: 'WebhookEndpointCreated',
  data: { projectId, endpointId, at: now, url: `https://hooks.example.com/${endpointId}`, events: ['cluster.resolved'], secretCiphertext: 'v1.a.b.c' },
});
const create = (endpointId: string, events: string[] = ['cluster.resolved']) => ({
  type: 'CreateEndpoint' as const,
  projectId,
  endpointId,
  url: `https://hooks.example.com/${endpointId}`,
  events,
  secretCiphertext: 'v1.a.b.c',
  now,
});

describe('Webhook endpoints decider (spec 3.4, 4.12, 8)', () => {
  it('creates an endpoint recording only the sealed secret', () => {
    spec
      .given([])
      .when(create('whe_1'))
      .then([created('whe_1')]);
  });

  it('refuses the 11th endpoint of a project, and admits one again after a delete', () => {
    const ten = Array.from({ length: 10 }, (_, i) => created(`whe_${i}`));
    spec.given(ten).when(create('whe_x')).thenThrows(Conflict);
    spec
      .given([...ten, { type: 'WebhookEndpointDeleted', data: { projectId, endpointId: 'whe_3', at: now } }])
      .when(create('whe_x'))
      .then([{ ...created('whe_x') }]);
  });

  it('names the unknown or repeated kind', () => {
    const error = spec
      .given([])
      .when(create('whe_1', ['cluster.resolved', 'cluster.exploded']))
      .thenThrows(Invalid);
    expect(error.problems).to.deep.equal([{ field: 'events/1', message: error.problems[0].message }]);
    expect(error.message).to.include('cluster.exploded');
    spec
      .given([])
      .when(create('whe_1', ['cluster.resolved', 'cluster.resolved']))
      .thenThrows(Invalid);
    spec.given([]).when(create('whe_1', [])).thenThrows(Invalid);
  });

  it('pauses, resumes and auto-disables; repeats change nothing', () => {
    const ref = { projectId, endpointId: 'whe_1', now };
    spec
      .given([created('whe_1')])
      .when({ type: 'SetEndpointActive', ...ref, active: false })
      .then([{ type: 'WebhookEndpointPaused', data: { projectId, endpointId: 'whe_1', at: now } }]);
    spec
      .given([created('whe_1')])
      .when({ type: 'SetEndpointActive', ...ref, active: true })
      .thenNothing();
    const disabled: WebhookEvent = { type: 'WebhookEndpointAutoDisabled', data: { projectId, endpointId: 'whe_1', at: now, failingSince: now } };
    spec
      .given([created('whe_1')])
      .when({ type: 'AutoDisableEndpoint', ...ref, failingSince: now })
      .then([disabled]);
    spec
      .given([created('whe_1'), disabled])
      .when({ type: 'AutoDisableEndpoint', ...ref, failingSince: now })
      .thenNothing();
    spec
      .given([created('whe_1'), disabled])
      .when({ type: 'SetEndpointActive', ...ref, active: true })
      .then([{ type: 'WebhookEndpointResumed', data: { projectId, endpointId: 'whe_1', at: now } }]);
  });

  it('PATCH and DELETE of an unknown or deleted endpoint are NotFound', () => {
    spec.given([]).when({ type: 'SetEndpointActive', projectId, endpointId: 'whe_9', active: false, now }).thenThrows(NotFound);
    spec
      .given([created('whe_1')])
      .when({ type: 'DeleteEndpoint', projectId, endpointId: 'whe_9', now })
      .thenThrows(NotFound);
    const deleted: WebhookEvent = { type: 'WebhookEndpointDeleted', data: { projectId, endpointId: 'whe_1', at: now } };
    spec
      .given([created('whe_1'), deleted])
      .when({ type: 'DeleteEndpoint', projectId, endpointId: 'whe_1', now })
      .thenThrows(NotFound);
  });

  it('DELETE of an endpoint removes it', () => {
    spec
      .given([created('whe_1')])
      .when({ type: 'DeleteEndpoint', projectId, endpointId: 'whe_1', now })
      .then([{ type: 'WebhookEndpointDeleted', data: { projectId, endpointId: 'whe_1', at: now } }]);
  });
});
