import { Type } from '@sinclair/typebox';
import type { Queryable } from '../../src/db/database.js';

export const ClusterSchema = Type.Object({
  id: Type.String(),
  label: Type.String({
    description:
      'Short human label: the one a person gave it (PATCH `label`), which automatic relabelling never replaces; otherwise from the LLM when one is configured, else the theme’s distinctive terms (c-TF-IDF).',
  }),
  status: Type.Union([Type.Literal('active'), Type.Literal('resolved'), Type.Literal('muted')]),
  muted: Type.Boolean({ description: 'Muted themes reopen silently and never fire `cluster.spiking`; cleared when set active or resolved.' }),
  spiking: Type.Boolean({ description: 'Inside a spike (≥ 4 reports in 24 h at ≥ 3 × the prior week’s daily rate).' }),
  size: Type.Integer({ description: 'Number of feedback items in the theme.' }),
  sentiment: Type.Object({ positive: Type.Integer(), neutral: Type.Integer(), negative: Type.Integer() }),
  churnRiskCount: Type.Integer({
    minimum: 0,
    description: 'Extension: how many of the theme’s items threaten to leave (`churnRisk` true on the item).',
  }),
  firstSeenAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  lastSeenAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  links: Type.Optional(
    Type.Array(Type.String({ format: 'uri' }), {
      maxItems: 10,
      description:
        'Only on GET /clusters/{id} and PATCH: links to tracker issues (GitHub, Linear, Jira), canonical. When GitHub or Linear reports a linked issue closed ' +
        '(POST /api/v1/integrations/github|linear/{projectId}), the theme is resolved.',
    }),
  ),
  origin: Type.Union([Type.Literal('discovered'), Type.Literal('defined')], {
    description:
      'Extension: `defined` for a theme a person defined (POST /clusters) or gave keywords, `discovered` for one the clustering formed. ' +
      'A defined theme is never merged away, split or relabelled automatically; new and existing items that match it join it.',
  }),
  keywords: Type.Array(Type.String(), {
    maxItems: 50,
    description: 'Extension: the keywords that bring items into a defined theme (normalised: lower case, single spaces); `[]` for a discovered theme.',
    examples: [['invoice', 'billing', 'refund']],
  }),
  description: Type.Union([Type.String(), Type.Null()], { description: 'Extension: what a person says the theme is about (redacted); null when none.' }),
  parentId: Type.Union([Type.String(), Type.Null()], {
    description: 'Extension: the parent area this theme is filed under (two levels only: a parent has no parent); null when none.',
  }),
  childCount: Type.Integer({ minimum: 0, description: 'Extension: how many themes name this one as their parent.' }),
  rollup: Type.Object(
    { size: Type.Integer({ minimum: 0 }), sentiment: Type.Object({ positive: Type.Integer(), neutral: Type.Integer(), negative: Type.Integer() }) },
    { description: 'Extension: this theme’s items plus its child themes’ items (equal to `size` and `sentiment` for a theme without children).' },
  ),
  revenue: Type.Optional(
    Type.Number({ minimum: 0, description: 'Only in the list with `rank=revenue`: the customer value of the distinct users in the theme.' }),
  ),
});

export interface ClusterRow {
  cluster_id: string;
  label: string;
  status: 'active' | 'resolved' | 'muted';
  muted: boolean;
  spiking: boolean;
  size: number;
  positive: number;
  neutral: number;
  negative: number;
  churn_risk_count: number;
  first_seen_at: Date | null;
  last_seen_at: Date | null;
  merged_into: string | null;
  origin: 'discovered' | 'defined';
  keywords: string[];
  description: string | null;
  parent_id: string | null;
  child_count: number;
  child_size: number;
  child_positive: number;
  child_neutral: number;
  child_negative: number;
}

/** The children of a theme are the live themes naming it as their parent; the outer table must be named `clusters`. */
export const CLUSTER_COLUMNS = `cluster_id, label, status, muted, spiking, size, positive, neutral, negative, churn_risk_count, first_seen_at, last_seen_at, merged_into,
  origin, keywords, description, parent_id, children.*`;

/** Joined after the theme's table in every query of `CLUSTER_COLUMNS`. */
export const CLUSTER_CHILDREN = `LEFT JOIN LATERAL (
    SELECT count(*)::int AS child_count, coalesce(sum(k.size), 0)::int AS child_size, coalesce(sum(k.positive), 0)::int AS child_positive,
           coalesce(sum(k.neutral), 0)::int AS child_neutral, coalesce(sum(k.negative), 0)::int AS child_negative
      FROM clusters k WHERE k.parent_id = clusters.cluster_id AND k.merged_into IS NULL) children ON true`;

export function toCluster(row: ClusterRow) {
  return {
    id: row.cluster_id,
    label: row.label,
    status: row.status,
    muted: row.muted,
    // A muted theme never shows a spike (rows written before muting cleared it may still say so).
    spiking: row.spiking && !row.muted,
    size: row.size,
    sentiment: { positive: row.positive, neutral: row.neutral, negative: row.negative },
    churnRiskCount: row.churn_risk_count,
    firstSeenAt: row.first_seen_at ? row.first_seen_at.toISOString() : null,
    lastSeenAt: row.last_seen_at ? row.last_seen_at.toISOString() : null,
    origin: row.origin,
    keywords: row.keywords,
    description: row.description,
    parentId: row.parent_id,
    childCount: row.child_count,
    rollup: {
      size: row.size + row.child_size,
      sentiment: { positive: row.positive + row.child_positive, neutral: row.neutral + row.child_neutral, negative: row.negative + row.child_negative },
    },
  };
}

/** The theme with this id in the project, following merges to the theme that absorbed it. */
export async function findCluster(db: Queryable, projectId: string, clusterId: string): Promise<ClusterRow | undefined> {
  let id = clusterId;
  for (let hop = 0; hop < 20; hop++) {
    const result = await db.query<ClusterRow>(`SELECT ${CLUSTER_COLUMNS} FROM clusters ${CLUSTER_CHILDREN} WHERE project_id = $1 AND cluster_id = $2`, [
      projectId,
      id,
    ]);
    const row = result.rows[0];
    if (!row?.merged_into) return row;
    id = row.merged_into;
  }
  return undefined;
}

/** The theme's links to tracker issues, in the order they were given. */
export async function clusterLinks(db: Queryable, clusterId: string): Promise<string[]> {
  const rows = await db.query<{ url: string }>(`SELECT url FROM cluster_links WHERE cluster_id = $1 ORDER BY position`, [clusterId]);
  return rows.rows.map((row) => row.url);
}
