import { expect } from 'chai';
import { ClusterExists } from '../../../src/domain/cluster/decide.js';
import { clusterDecider } from '../../../src/domain/cluster/decider.js';
import type { ParentArea } from '../../../src/domain/cluster/definition-rules.js';
import type { ClusterEvent } from '../../../src/domain/cluster/events.js';
import { Invalid, NotFound } from '../../../src/domain/errors.js';
import { DeciderSpecification } from '../../support/decider-spec.js';

const at = '2026-03-01T00:00:00.000Z';
const ref = { clusterId: 'c1', projectId: 'p1', at };
const created: ClusterEvent = { type: 'ClusterCreated', data: { ...ref, model: 'm' } };
const defined: ClusterEvent = { type: 'ClusterDefined', data: { ...ref, label: 'Billing', keywords: ['invoice', 'refund'] } };
const merged: ClusterEvent = { type: 'ClusterMerged', data: { ...ref, into: 'c9' } };
const area: ParentArea = { clusterId: 'c2', projectId: 'p1' };

const define = (fields: Partial<{ label: string; keywords: unknown[]; description: string; parent: ParentArea }> = {}) => ({
  type: 'Define' as const,
  clusterId: 'c1',
  projectId: 'p1',
  model: 'm',
  label: 'Billing',
  keywords: ['invoice', 'refund'],
  at,
  ...fields,
});
const change = (
  fields: Partial<{ keywords: unknown[]; description: string | null; parent: ParentArea | null; hasChildren: boolean; projectId: string }> = {},
) => ({
  type: 'ChangeDefinition' as const,
  projectId: 'p1',
  hasChildren: false,
  at,
  ...fields,
});

const invalidField = (field: string) => (error: unknown) => error instanceof Invalid && error.problems.some((problem) => problem.field === field);

describe('defined themes: the cluster decider', () => {
  const cluster = DeciderSpecification.for(clusterDecider);

  describe('Define', () => {
    it('given no theme, when defined, then ClusterCreated and ClusterDefined with the keywords normalised', () => {
      cluster
        .given([])
        .when(define({ label: ' Billing ', keywords: ['  Invoice ', 'charged   TWICE'], description: ' Money matters ', parent: area }))
        .then([
          created,
          { type: 'ClusterDefined', data: { ...ref, label: 'Billing', keywords: ['invoice', 'charged twice'], description: 'Money matters', parentId: 'c2' } },
        ]);
    });

    it('then the theme is defined: its label is manual, its keywords kept', () => {
      cluster
        .given([])
        .when(define())
        .thenState((state) => expect(state).to.include({ origin: 'defined', manualLabel: 'Billing' }));
    });

    it('given the theme exists, when defined again, then ClusterExists', () => {
      cluster.given([created, defined]).when(define()).thenThrows(ClusterExists);
    });

    it('when the label, keywords or description are wrong, then Invalid naming the field', () => {
      const cases: [Parameters<typeof define>[0], string][] = [
        [{ label: '  ' }, 'label'],
        [{ keywords: [] }, 'keywords'],
        [{ keywords: Array.from({ length: 51 }, (_, i) => `k${i}`) }, 'keywords'],
        [{ keywords: ['ok', 42] }, 'keywords[1]'],
        [{ keywords: ['ok', '   '] }, 'keywords[1]'],
        [{ keywords: ['x'.repeat(101)] }, 'keywords[0]'],
        [{ keywords: ['a\u0007b'] }, 'keywords[0]'],
        [{ keywords: ['!!!'] }, 'keywords[0]'],
        [{ keywords: ['Invoice', 'invoice '] }, 'keywords[1]'],
        [{ description: 'x'.repeat(1001) }, 'description'],
        [{ description: 'bell\u0007' }, 'description'],
      ];
      for (const [fields, field] of cases) cluster.given([]).when(define(fields)).thenThrows(invalidField(field));
    });

    it('keywords in any language are kept; line breaks are allowed in a description', () => {
      cluster
        .given([])
        .when(define({ keywords: ['Facturación', 'Rechnung', '請求書'], description: 'one\ntwo' }))
        .thenState((state) => expect(state).to.deep.include({ keywords: ['facturación', 'rechnung', '請求書'], description: 'one\ntwo' }));
    });

    it('when the parent is unknown, another project’s, merged away or itself has a parent, then Invalid naming parentId', () => {
      for (const parent of [
        { clusterId: 'c2' },
        { ...area, projectId: 'p2' },
        { ...area, mergedInto: 'c3' },
        { ...area, parentId: 'c4' },
        { ...area, clusterId: 'c1' },
      ]) {
        cluster.given([]).when(define({ parent })).thenThrows(invalidField('parentId'));
      }
    });
  });

  describe('ChangeDefinition', () => {
    it('given a defined theme, when its keywords change, then ClusterDefinitionChanged with the whole definition', () => {
      cluster
        .given([created, defined])
        .when(change({ keywords: ['Refund', 'chargeback'], description: 'Money' }))
        .then([{ type: 'ClusterDefinitionChanged', data: { ...ref, keywords: ['refund', 'chargeback'], description: 'Money' } }]);
    });

    it('the same definition again records nothing; null clears the description and the parent', () => {
      cluster
        .given([created, defined])
        .when(change({ keywords: ['Invoice', 'refund'] }))
        .thenNothing();
      const filed: ClusterEvent = { type: 'ClusterDefinitionChanged', data: { ...ref, keywords: ['invoice', 'refund'], description: 'd', parentId: 'c2' } };
      cluster
        .given([created, defined, filed])
        .when(change({ description: null, parent: null }))
        .then([{ type: 'ClusterDefinitionChanged', data: { ...ref, keywords: ['invoice', 'refund'] } }]);
    });

    it('given a discovered theme, when it gets keywords, then it becomes defined; a parent alone leaves it discovered', () => {
      cluster
        .given([created])
        .when(change({ keywords: ['export'] }))
        .thenState((state) => expect(state).to.include({ origin: 'defined' }));
      cluster
        .given([created])
        .when(change({ parent: area }))
        .thenState((state) => expect(state).to.include({ origin: 'discovered', parentId: 'c2' }));
    });

    it('when a theme that is a parent is filed under another, then Invalid naming parentId (two levels only)', () => {
      cluster
        .given([created, defined])
        .when(change({ parent: area, hasChildren: true }))
        .thenThrows(invalidField('parentId'));
    });

    it('when the keywords are wrong, then Invalid naming them', () => {
      cluster
        .given([created, defined])
        .when(change({ keywords: [] }))
        .thenThrows(invalidField('keywords'));
      cluster
        .given([created, defined])
        .when(change({ keywords: ['a', 'A'] }))
        .thenThrows(invalidField('keywords[1]'));
    });

    it('given no theme, another project’s, or one merged away, then not found', () => {
      cluster
        .given([])
        .when(change({ keywords: ['x'] }))
        .thenThrows(NotFound);
      cluster
        .given([created, defined])
        .when(change({ keywords: ['x'], projectId: 'p2' }))
        .thenThrows(NotFound);
      cluster
        .given([created, defined, merged])
        .when(change({ keywords: ['x'] }))
        .thenThrows(NotFound);
    });
  });
});
