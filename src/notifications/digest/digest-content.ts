import type { Queryable } from '../../db/database.js';
import { themeLink } from '../app-links.js';
import { shortQuote } from '../quotes.js';
import { previousPeriod, type DigestPeriod } from './period.js';

export interface DigestTheme {
  clusterId: string;
  label: string;
  /** Items of the period in the theme. */
  count: number;
  /** Items of the period before. */
  previousCount: number;
  link: string;
  quotes: string[];
}

export interface DigestContent {
  projectName: string;
  period: DigestPeriod;
  newThemes: DigestTheme[];
  growing: DigestTheme[];
  spiking: DigestTheme[];
  resolved: DigestTheme[];
}

/** Themes listed per section at most (the rest is in the app). */
export const THEMES_PER_SECTION = 5;
/** A theme grows when it has at least this many items in the period and half as many again as the period before. */
export const GROWING_MIN_ITEMS = 3;
export const GROWING_FACTOR = 1.5;

interface ThemeRow {
  cluster_id: string;
  label: string;
  status: string;
  muted: boolean;
  merged_into: string | null;
  created_at: Date;
  count: string;
  previous_count: string;
  spiked: boolean;
  resolved_in_period: boolean;
}

/**
 * What happened in the project's themes during the period (UTC): new themes (formed in the period),
 * spiking (a spike started in it), growing (older themes with at least 3 items in the period and
 * 1.5 × the period before) and resolved (resolved in it and still resolved). A theme is listed once,
 * in the first of new, spiking, growing that fits; muted and merged-away themes only as resolved.
 * Each with two short quotes from the period's items (redacted text) and a link into the app.
 */
export async function digestContent(db: Queryable, projectId: string, period: DigestPeriod, baseUrl: string): Promise<DigestContent | undefined> {
  const project = await db.query<{ name: string }>(`SELECT name FROM projects WHERE project_id = $1`, [projectId]);
  if (!project.rows[0]) return undefined;
  const before = previousPeriod(period);
  const rows = await db.query<ThemeRow>(
    `WITH counts AS (
       SELECT cluster_id,
              count(*) FILTER (WHERE created_at >= $2 AND created_at < $3) AS count,
              count(*) FILTER (WHERE created_at >= $4 AND created_at < $2) AS previous_count
         FROM feedback_items WHERE project_id = $1 AND cluster_id IS NOT NULL AND created_at >= $4 AND created_at < $3
        GROUP BY cluster_id
     ), history AS (
       SELECT cluster_id, bool_or(kind = 'spiking') AS spiked, bool_or(kind = 'resolved') AS resolved_in_period
         FROM theme_status_history WHERE project_id = $1 AND at >= $2 AND at < $3 GROUP BY cluster_id
     )
     SELECT c.cluster_id, c.label, c.status, c.muted, c.merged_into, c.created_at,
            coalesce(n.count, 0) AS count, coalesce(n.previous_count, 0) AS previous_count,
            coalesce(h.spiked, false) AS spiked, coalesce(h.resolved_in_period, false) AS resolved_in_period
       FROM clusters c
       LEFT JOIN counts n ON n.cluster_id = c.cluster_id
       LEFT JOIN history h ON h.cluster_id = c.cluster_id
      WHERE c.project_id = $1 AND (n.cluster_id IS NOT NULL OR h.cluster_id IS NOT NULL)
      ORDER BY coalesce(n.count, 0) DESC, c.cluster_id`,
    [projectId, period.start.toISOString(), period.end.toISOString(), before.start.toISOString()],
  );
  const sections: Record<'newThemes' | 'growing' | 'spiking' | 'resolved', ThemeRow[]> = { newThemes: [], growing: [], spiking: [], resolved: [] };
  for (const row of rows.rows) {
    const count = Number(row.count);
    if (row.merged_into !== null) continue;
    if (row.resolved_in_period && row.status === 'resolved') sections.resolved.push(row);
    if (row.muted || row.status === 'resolved' || count === 0) continue;
    const created = new Date(row.created_at).getTime();
    if (created >= period.start.getTime() && created < period.end.getTime()) sections.newThemes.push(row);
    else if (row.spiked) sections.spiking.push(row);
    else if (count >= GROWING_MIN_ITEMS && count >= GROWING_FACTOR * Number(row.previous_count)) sections.growing.push(row);
  }
  const theme = async (row: ThemeRow): Promise<DigestTheme> => ({
    clusterId: row.cluster_id,
    label: row.label || 'Unnamed theme',
    count: Number(row.count),
    previousCount: Number(row.previous_count),
    link: themeLink(baseUrl, row.cluster_id),
    quotes: await quotesOf(db, projectId, row.cluster_id, period),
  });
  const listed = async (section: ThemeRow[]) => Promise.all(section.slice(0, THEMES_PER_SECTION).map(theme));
  return {
    projectName: project.rows[0].name,
    period,
    newThemes: await listed(sections.newThemes),
    growing: await listed(sections.growing),
    spiking: await listed(sections.spiking),
    resolved: await listed(sections.resolved),
  };
}

/** The theme's two latest items of the period (any, for a resolved theme that had none). */
async function quotesOf(db: Queryable, projectId: string, clusterId: string, period: DigestPeriod): Promise<string[]> {
  const rows = await db.query<{ text: string }>(
    `SELECT text FROM feedback_items WHERE project_id = $1 AND cluster_id = $2 AND created_at < $4
      ORDER BY (created_at >= $3) DESC, created_at DESC, list_seq DESC LIMIT 2`,
    [projectId, clusterId, period.start.toISOString(), period.end.toISOString()],
  );
  return rows.rows.map((row) => shortQuote(row.text));
}
