import pgvector from 'pgvector';
import type { Queryable } from '../../db/database.js';
import type { Assignment } from '../../domain/cluster/assignment.js';
import { matchDefinedTheme } from '../../domain/cluster/defined-match.js';
import { cosineSimilarity } from '../../domain/cluster/vectors.js';
import { loadDefinedThemes } from '../defined-themes/load-defined-themes.js';

/**
 * The first rule of placing a new item: a defined theme of its project and model that it matches
 * (`matchDefinedTheme`) takes it, before the nearest discovered theme. The similarity recorded is the
 * item's cosine to the theme's centre (0 while the theme has no members).
 */
export async function definedThemeFor(db: Queryable, projectId: string, model: string, feedbackId: string): Promise<Assignment | undefined> {
  const themes = await loadDefinedThemes(db, projectId, model);
  if (themes.length === 0) return undefined;
  const found = await db.query<{ text: string; language: string | null; embedding: string }>(
    `SELECT text, language, embedding::text AS embedding FROM cluster_members WHERE feedback_id = $1 AND embedding IS NOT NULL`,
    [feedbackId],
  );
  const member = found.rows[0];
  if (!member) return undefined;
  const vector = pgvector.fromSql(member.embedding) as number[];
  const match = matchDefinedTheme({ text: member.text, language: member.language ?? undefined, vector }, themes);
  if (!match) return undefined;
  const centre = themes.find((theme) => theme.clusterId === match.clusterId)!.centre;
  return { kind: 'join', clusterId: match.clusterId, similarity: centre?.length === vector.length ? cosineSimilarity(vector, centre) : 0 };
}
