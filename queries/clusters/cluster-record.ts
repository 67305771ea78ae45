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
}

export const CLUSTER_COLUMNS = `cluster_id, label, status, muted, spiking, size, positive, neutral, negative, churn_risk_count, first_seen_at, last_seen_at, merged_into`;

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
  };
}

/** The theme with this id in the project, following merges to the theme that absorbed it. */
export async function findCluster(db: Queryable, projectId: string, clusterId: string): Promise<ClusterRow | undefined> {
  let id = clusterId;
  for (let hop = 0; hop < 20; hop++) {
    const result = await db.query<ClusterRow>(`SELECT ${CLUSTER_COLUMNS} FROM clusters WHERE project_id = $1 AND cluster_id = $2`, [projectId, id]);
    const row = result.rows[0];
    if (!row?.merged_into) return row;
    id = row.merged_into;
  }
  return undefined;
}
