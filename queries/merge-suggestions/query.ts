import type { Queryable } from '../../src/db/database.js';

/** A merge suggestion as `feedbackctl identity suggestions` shows it (spec 2.3). */
export interface MergeSuggestion {
  id: string;
  projectId: string;
  email: string;
  /** A shadow user's userId is its email. */
  shadowUserId: string;
  candidateUserId: string;
  reason: string;
  /** `dismissed`: closed undecided when the project's identity linking was turned `off`. */
  status: 'open' | 'confirmed' | 'rejected' | 'dismissed';
  createdAt: string;
  decidedAt: string | null;
  /** When the confirmed merge reached the read models; null while pending, or for an open or rejected one. */
  mergedAt: string | null;
}

interface Row {
  suggestion_id: string;
  project_id: string;
  email: string;
  candidate_user_id: string;
  reason: string;
  status: MergeSuggestion['status'];
  created_at: Date;
  decided_at: Date | null;
  merged_at: Date | null;
}

/** Open ones first, then the decided ones; each group oldest first. */
export async function mergeSuggestions(db: Queryable, projectId?: string): Promise<MergeSuggestion[]> {
  const rows = await db.query<Row>(
    `SELECT * FROM identity_suggestions WHERE $1::text IS NULL OR project_id = $1
      ORDER BY status <> 'open', created_at, suggestion_id`,
    [projectId ?? null],
  );
  return rows.rows.map((row) => ({
    id: row.suggestion_id,
    projectId: row.project_id,
    email: row.email,
    shadowUserId: row.email,
    candidateUserId: row.candidate_user_id,
    reason: row.reason,
    status: row.status,
    createdAt: row.created_at.toISOString(),
    decidedAt: row.decided_at?.toISOString() ?? null,
    mergedAt: row.merged_at?.toISOString() ?? null,
  }));
}
