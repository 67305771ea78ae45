import { Type, type Static } from '@sinclair/typebox';
import type { Analyzer } from '../../src/analysis/analyzer.js';
import { commandContextFor } from '../../src/http/command-context.js';
import type { RouteSpec } from '../../src/http/route.js';
import { commonProblems } from '../../src/http/common-responses.js';
import type { CoreServices } from '../../src/services.js';
import { Chars } from '../../src/http/chars.js';
import { LABEL_LIMIT_CHARS } from '../../src/domain/cluster/label-rules.js';
import { ClusterSchema, findCluster, toCluster } from '../../queries/clusters/cluster-record.js';
import { defineCluster } from './handler.js';
import { DescriptionField, KeywordsField, ParentIdField } from './schema.js';

const DefineClusterBody = Type.Object(
  {
    label: Chars({
      minLength: 1,
      maxLength: LABEL_LIMIT_CHARS,
      description: 'The theme’s name, 1 to 80 characters on one line (trimmed); redacted like feedback text. Automatic labelling never replaces it.',
      examples: ['Billing and invoices'],
    }),
    keywords: KeywordsField,
    description: Type.Optional(DescriptionField),
    parentId: Type.Optional(ParentIdField),
  },
  { additionalProperties: false },
);

export function defineClusterRoute(services: CoreServices, analyzer: () => Promise<Analyzer>): RouteSpec<Static<typeof DefineClusterBody>> {
  return {
    method: 'POST',
    path: '/api/v1/clusters',
    operationId: 'defineCluster',
    summary: 'Define a theme (label, keywords, description, parent area)',
    description:
      'Extension. Records `ClusterCreated` + `ClusterDefined`; the theme is `origin: "defined"`, formed with the current embedding model. ' +
      'Within a minute, the project’s items that match it move in (`FeedbackMoved`, reason `defined`), except items a person placed and items ' +
      'in another defined theme they match as well or better; from then on a new item that matches it joins it before any discovered theme. ' +
      'A defined theme is never merged away, split or relabelled automatically. 400 names the field (`label`, `keywords`, `keywords[i]`, ' +
      '`description`, `parentId`: unknown, another project’s, merged away, or itself filed under a parent).',
    tags: ['clusters'],
    auth: ['secret'],
    body: DefineClusterBody,
    responses: { 201: { description: 'The new theme.', schema: ClusterSchema }, ...commonProblems(['400', '401', '429']) },
    async handle(request) {
      const { projectId } = request.auth;
      const model = (await analyzer()).embeddingModel.model;
      const clusterId = await defineCluster(services, { projectId, model, ...request.body }, commandContextFor(request));
      return { status: 201, body: toCluster((await findCluster(services.db, projectId, clusterId))!) };
    },
  };
}
