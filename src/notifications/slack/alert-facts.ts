import type { Queryable } from '../../db/database.js';
import { shortQuote } from '../quotes.js';

/** An alert row as the Slack outbox keeps it. */
export interface SlackAlertRow {
  event_id: string;
  project_id: string;
  kind: 'cluster.spiking' | 'cluster.regressed' | 'user.health_changed';
  occurred_at: Date;
  data: Record<string, unknown>;
}

export interface ThemeAlertFacts {
  kind: 'cluster.spiking' | 'cluster.regressed';
  projectName: string;
  clusterId: string;
  label: string;
  /** Items in the theme now. */
  size: number;
  /** Reports in the 24 hours up to the event. */
  reportsLast24h: number;
  /** Spikes only: the prior week's daily rate. */
  priorDailyRate?: number;
  quotes: string[];
  occurredAt: Date;
}

export interface UserAlertFacts {
  kind: 'user.health_changed';
  projectName: string;
  userId: string;
  /** Known only by an email, which is the `userId`. */
  shadow: boolean;
  score: number;
  /** The customer value as an exact decimal, and the trait it comes from. */
  value: string | null;
  valueTrait: string | null;
  quotes: string[];
  occurredAt: Date;
}

export type AlertFacts = ThemeAlertFacts | UserAlertFacts;

const DAY_MS = 86_400_000;

/**
 * What an alert says, read from the read models when it is sent: the theme's current label (labels
 * live in erasable streams), its counts, and two short quotes from redacted text, the item that
 * caused the event first. Undefined when the theme or user is gone (deleted, erased).
 */
export async function alertFacts(db: Queryable, alert: SlackAlertRow): Promise<AlertFacts | undefined> {
  const project = await db.query<{ name: string; trait: string | null }>(
    `SELECT name, settings->>'customerValueTrait' AS trait FROM projects WHERE project_id = $1`,
    [alert.project_id],
  );
  if (!project.rows[0]) return undefined;
  const { name: projectName, trait } = project.rows[0];
  const occurredAt = new Date(alert.occurred_at);
  if (alert.kind === 'user.health_changed') return userFacts(db, alert, projectName, trait, occurredAt);
  const clusterId = String(alert.data.clusterId);
  const cluster = await db.query<{ label: string; size: number }>(`SELECT label, size FROM clusters WHERE project_id = $1 AND cluster_id = $2`, [
    alert.project_id,
    clusterId,
  ]);
  if (!cluster.rows[0]) return undefined;
  const counted = await db.query<{ n: string }>(
    `SELECT count(*) AS n FROM feedback_items WHERE project_id = $1 AND cluster_id = $2 AND created_at > $3 AND created_at <= $4`,
    [alert.project_id, clusterId, new Date(occurredAt.getTime() - DAY_MS).toISOString(), occurredAt.toISOString()],
  );
  const quotes = await db.query<{ text: string }>(
    `SELECT text FROM feedback_items WHERE project_id = $1 AND cluster_id = $2
      ORDER BY feedback_id = $3 DESC, created_at DESC, list_seq DESC LIMIT 2`,
    [alert.project_id, clusterId, String(alert.data.triggeredByFeedbackId ?? '')],
  );
  const reported = typeof alert.data.reportsLast24h === 'number' ? alert.data.reportsLast24h : Number(counted.rows[0].n);
  return {
    kind: alert.kind,
    projectName,
    clusterId,
    label: cluster.rows[0].label || 'Unnamed theme',
    size: cluster.rows[0].size,
    reportsLast24h: reported,
    ...(typeof alert.data.priorDailyRate === 'number' ? { priorDailyRate: alert.data.priorDailyRate } : {}),
    quotes: quotes.rows.map((row) => shortQuote(row.text)),
    occurredAt,
  };
}

async function userFacts(
  db: Queryable,
  alert: SlackAlertRow,
  projectName: string,
  trait: string | null,
  occurredAt: Date,
): Promise<UserAlertFacts | undefined> {
  const userId = String(alert.data.userId);
  const user = await db.query(`SELECT 1 FROM users WHERE project_id = $1 AND user_id = $2`, [alert.project_id, userId]);
  if (!user.rows[0]) return undefined;
  const value = await db.query<{ current: string }>(
    `SELECT current::text AS current FROM user_value_marks WHERE project_id = $1 AND user_id = $2 AND trait = $3`,
    [alert.project_id, userId, trait],
  );
  const quotes = await db.query<{ text: string }>(
    `SELECT fi.text FROM user_feedback uf JOIN feedback_items fi ON fi.feedback_id = uf.feedback_id
      WHERE uf.project_id = $1 AND uf.user_id = $2 ORDER BY fi.feedback_id = $3 DESC, fi.created_at DESC, fi.list_seq DESC LIMIT 2`,
    [alert.project_id, userId, String(alert.data.triggeredByFeedbackId ?? '')],
  );
  return {
    kind: 'user.health_changed',
    projectName,
    userId,
    shadow: alert.data.shadow === true,
    score: Number(alert.data.score),
    value: value.rows[0]?.current ?? null,
    valueTrait: trait,
    quotes: quotes.rows.map((row) => shortQuote(row.text)),
    occurredAt,
  };
}
