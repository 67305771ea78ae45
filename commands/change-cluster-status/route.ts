import { Type, type Static } from '@sinclair/typebox';
import { commandContextFor } from '../../src/http/command-context.js';
import type { RouteSpec } from '../../src/http/route.js';
import { commonProblems } from '../../src/http/common-responses.js';
import type { CoreServices } from '../../src/services.js';
import { ClusterSchema, clusterLinks, findCluster, toCluster } from '../../queries/clusters/cluster-record.js';
import { checkTrackerLinks, MAX_TRACKER_LINKS, TRACKER_LINK_MAX_CHARS } from '../../src/domain/cluster/tracker-links.js';
import { setClusterLinks } from '../link-cluster/handler.js';
import { Invalid, NotFound, type FieldProblem } from '../../src/domain/errors.js';
import { checkedDescription, checkedKeywords } from '../../src/domain/cluster/definition-rules.js';
import { ClusterIdParams } from '../../queries/clusters/detail-route.js';
import { changeClusterStatus } from './handler.js';
import { Chars } from '../../src/http/chars.js';
import { checkedLabel, LABEL_LIMIT_CHARS } from '../../src/domain/cluster/label-rules.js';
import { renameCluster } from '../rename-cluster/handler.js';
import { changeClusterDefinition } from '../change-cluster-definition/handler.js';
import { DescriptionField, KeywordsField, ParentIdField } from '../define-cluster/schema.js';

const ChangeClusterStatusBody = Type.Object(
  {
    status: Type.Optional(Type.Union([Type.Literal('resolved'), Type.Literal('muted'), Type.Literal('active')])),
    label: Type.Optional(
      Chars({
        minLength: 1,
        maxLength: LABEL_LIMIT_CHARS,
        description:
          'A name for the theme, 1 to 80 characters on one line (trimmed; no control characters). Redacted like feedback text. ' +
          'From then on the label is manual: automatic relabelling (as the theme grows, after a deletion, after a regrouping) never replaces it.',
      }),
    ),
    links: Type.Optional(
      Type.Array(Type.String({ maxLength: TRACKER_LINK_MAX_CHARS }), {
        maxItems: MAX_TRACKER_LINKS,
        description:
          `Links to tracker issues, replacing the theme's links (\`[]\` removes them): at most ${MAX_TRACKER_LINKS}, each a GitHub issue ` +
          '(`https://github.com/OWNER/REPO/issues/N`), a Linear issue (`https://linear.app/WORKSPACE/issue/KEY-N`, any title slug) or a Jira ' +
          'Cloud issue (`https://SITE.atlassian.net/browse/KEY-N`). Stored canonical (GitHub owner and repository lower-cased, Linear slug ' +
          'dropped, keys upper-cased, no query or fragment). When GitHub or Linear reports a linked issue closed, the theme is resolved.',
        examples: [['https://github.com/acme/app/issues/42', 'https://linear.app/acme/issue/ENG-7']],
      }),
    ),
    keywords: Type.Optional(KeywordsField),
    description: Type.Optional(Type.Union([DescriptionField, Type.Null()])),
    parentId: Type.Optional(Type.Union([ParentIdField, Type.Null()])),
  },
  {
    additionalProperties: false,
    minProperties: 1,
    description:
      '`status`, `label`, `links`, `keywords`, `description`, `parentId`, or several. `keywords` replace the theme’s keywords (and make a discovered ' +
      'theme a defined one); `description` and `parentId` set or, with null, clear.',
  },
);

function problemsOf(check: () => unknown): FieldProblem[] {
  try {
    check();
    return [];
  } catch (error) {
    if (error instanceof Invalid) return error.problems;
    throw error;
  }
}

export function changeClusterStatusRoute(services: CoreServices): RouteSpec<Static<typeof ChangeClusterStatusBody>, unknown, { id: string }> {
  return {
    method: 'PATCH',
    path: '/api/v1/clusters/:id',
    operationId: 'changeClusterStatus',
    summary: 'Rename, resolve, mute or reactivate a theme',
    description:
      'Spec 3.3 (the operation the spec leaves open). `resolved` fires `cluster.resolved` with the ids of the end users ' +
      'whose feedback is in the theme (read when the delivery is queued; the log records no user id, so an erased user leaves no trace); new feedback then makes it active again with `cluster.regressed`. `muted` themes ' +
      'reopen silently when feedback arrives (they stay muted: no regression and no spike events) until set `active` or ' +
      '`resolved`. Muting ends a spike: a muted theme never shows `spiking` and never fires `cluster.spiking`. Setting the status it already has changes nothing. ' +
      '`label` renames the theme (`ClusterRenamed`); the same label again changes nothing. `links` sets its links to tracker issues ' +
      '(`ClusterLinksChanged`), returned as `links`. `keywords`, `description` and `parentId` change the theme’s definition ' +
      '(`ClusterDefinitionChanged`; validated as in POST /clusters, 400 naming the field); new keywords move the items that match ' +
      'them in within a minute. Any of them may be sent together; the definition is checked and recorded first.',
    tags: ['clusters'],
    auth: ['secret'],
    params: ClusterIdParams,
    body: ChangeClusterStatusBody,
    // Every field checked before anything is recorded, so a bad one changes nothing (the parent is checked by the first command).
    validate: ({ body }) => [
      ...(body.links ? checkTrackerLinks(body.links).problems : []),
      ...problemsOf(() => body.label !== undefined && checkedLabel(body.label)),
      ...problemsOf(() => body.keywords !== undefined && checkedKeywords(body.keywords)),
      ...problemsOf(() => typeof body.description === 'string' && checkedDescription(body.description)),
    ],
    responses: { 200: { description: 'The updated theme.', schema: ClusterSchema }, ...commonProblems(['400', '401', '404', '429']) },
    async handle(request) {
      const { projectId } = request.auth;
      const cluster = await findCluster(services.db, projectId, request.params.id);
      if (!cluster) throw new NotFound('The cluster');
      const { status, label, links, keywords, description, parentId } = request.body;
      const clusterId = cluster.cluster_id;
      if (keywords !== undefined || description !== undefined || parentId !== undefined) {
        await changeClusterDefinition(services, { projectId, clusterId, keywords, description, parentId }, commandContextFor(request));
      }
      if (label !== undefined) await renameCluster(services, { projectId, clusterId, label }, commandContextFor(request));
      if (links !== undefined) await setClusterLinks(services, { projectId, clusterId, links }, commandContextFor(request));
      if (status !== undefined) await changeClusterStatus(services, { projectId, clusterId, status }, commandContextFor(request));
      const updated = toCluster((await findCluster(services.db, projectId, clusterId))!);
      return { status: 200, body: { ...updated, links: await clusterLinks(services.db, clusterId) } };
    },
  };
}
