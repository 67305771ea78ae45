import type { Queryable } from '../../db/database.js';
import type { FeedbackDeleted, FeedbackSubmitted } from '../../domain/feedback/events.js';
import { reactor } from '../../projection-engine/projection.js';
import { userHealthMigrations } from './migration.js';

async function markDue(tx: Queryable, projectId: string, userId: string, feedbackId: string | null, times = 1): Promise<void> {
  await tx.query(
    `INSERT INTO user_health_due (project_id, user_id, triggered_by_feedback_id, mark) VALUES ($1, $2, $3, $4::bigint)
     ON CONFLICT (project_id, user_id) DO UPDATE
       SET mark = user_health_due.mark + $4, triggered_by_feedback_id = coalesce(EXCLUDED.triggered_by_feedback_id, user_health_due.triggered_by_feedback_id)`,
    [projectId, userId, feedbackId, times],
  );
}

/**
 * Whom an item names: its userId, or else its email (spec 2.3: userId wins). An email is kept as
 * sent, not resolved here: the item may land on a shadow user that a merge later moves to a real
 * profile, so the health worker resolves the key when it scores (`resolveUserId`).
 */
const ownerKey = (d: FeedbackSubmitted['data']): string | null => d.userId ?? d.email;

/**
 * An item deleted by a user erasure rescores no one: its user is going (and a due row keyed by an
 * email would outlive the erasure, naming them).
 */
const rescores = (d: FeedbackDeleted['data']): boolean => d.erasureRequestId === undefined;

/** Every user with an item in one of the themes, once each: one statement, however large the theme. */
async function markThemeUsersDue(tx: Queryable, clusterIds: string[]): Promise<void> {
  await tx.query(
    `INSERT INTO user_health_due (project_id, user_id)
     SELECT DISTINCT project_id, user_id FROM health_feedback_users WHERE cluster_id = ANY ($1::text[])
     ON CONFLICT (project_id, user_id) DO UPDATE SET mark = user_health_due.mark + 1`,
    [clusterIds],
  );
}

/**
 * The owners of the items, each marked due once per item, as `markDue` item by item would: the last
 * item of an owner becomes the trigger.
 */
async function markOwnersDue(tx: Queryable, feedbackIds: string[]): Promise<void> {
  await tx.query(
    `INSERT INTO user_health_due (project_id, user_id, triggered_by_feedback_id, mark)
     SELECT h.project_id, h.user_id, (array_agg(p.feedback_id ORDER BY p.n DESC))[1], count(*)
       FROM unnest($1::text[]) WITH ORDINALITY AS p(feedback_id, n) JOIN health_feedback_users h USING (feedback_id)
      GROUP BY h.project_id, h.user_id
     ON CONFLICT (project_id, user_id) DO UPDATE
       SET mark = user_health_due.mark + EXCLUDED.mark,
           triggered_by_feedback_id = coalesce(EXCLUDED.triggered_by_feedback_id, user_health_due.triggered_by_feedback_id)`,
    [feedbackIds],
  );
}

/** A theme's status changed (resolved, regressed, reopened, set active or muted): its users' open problems changed with it. */
const THEME_STATUS_EVENTS = ['ClusterResolved', 'ClusterRegressed', 'ClusterReopened', 'ClusterActivated', 'ClusterMuted'] as const;

/**
 * A user's health is scored again when anything it is computed from changes: one of their items is
 * analysed (its sentiment, type and churn risk count), joins or moves to a theme (open or resolved
 * problems), or is deleted (items that came by email included: after a merge they are the real
 * user's); a theme of theirs is resolved, regresses, reopens, is set active or muted, or is merged
 * into another; an identify call may have changed their customer value; a shadow user merges into
 * them (a confirmed suggestion). The health worker does it, for shadow users (known only by an
 * email, the key of their items) too.
 */
export const queueUserHealth = reactor({
  name: 'queue-user-health',
  handles: [
    'FeedbackSubmitted',
    'FeedbackProcessed',
    'FeedbackClustered',
    'FeedbackMoved',
    'FeedbackReembedded',
    'FeedbackDeleted',
    ...THEME_STATUS_EVENTS,
    'ClusterMerged',
    'UserIdentified',
    'ShadowUserMerged',
    'UserErased',
  ],
  migrations: userHealthMigrations,
  applyRun: {
    // The clustering worker places items in bursts: one statement for the themes, one for the owners.
    async FeedbackClustered(events, tx) {
      const d = events.map((event) => event.data);
      await tx.query(
        `UPDATE health_feedback_users h SET cluster_id = placed.cluster_id
           FROM (SELECT DISTINCT ON (feedback_id) feedback_id, cluster_id FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS p(feedback_id, cluster_id, n)
                  ORDER BY feedback_id, n DESC) placed
          WHERE h.feedback_id = placed.feedback_id`,
        [d.map((x) => x.feedbackId), d.map((x) => x.clusterId)],
      );
      await markOwnersDue(
        tx,
        d.map((x) => x.feedbackId),
      );
    },
    // The analysis worker records items in batches: their owners in one statement.
    async FeedbackProcessed(events, tx) {
      await markOwnersDue(
        tx,
        events.map((event) => event.data.feedbackId),
      );
    },
    async FeedbackSubmitted(events, tx) {
      const owned = events.map((event) => event.data).filter((d) => ownerKey(d) !== null);
      if (owned.length === 0) return;
      await tx.query(
        `INSERT INTO health_feedback_users (feedback_id, project_id, user_id) SELECT * FROM unnest($1::text[], $2::text[], $3::text[]) ON CONFLICT DO NOTHING`,
        [owned.map((d) => d.feedbackId), owned.map((d) => d.projectId), owned.map(ownerKey)],
      );
    },
    // As one by one: each deleted item of a user marks that user due once more (but see `rescores`).
    async FeedbackDeleted(events, tx) {
      const owners = await tx.query<{ project_id: string; user_id: string; n: number }>(
        `WITH gone AS (DELETE FROM health_feedback_users WHERE feedback_id = ANY ($1::text[]) RETURNING feedback_id, project_id, user_id)
         SELECT project_id, user_id, count(*)::int AS n FROM gone WHERE feedback_id = ANY ($2::text[]) GROUP BY project_id, user_id`,
        [events.map((e) => e.data.feedbackId), events.filter((e) => rescores(e.data)).map((e) => e.data.feedbackId)],
      );
      for (const owner of owners.rows) await markDue(tx, owner.project_id, owner.user_id, null, owner.n);
    },
  },
  async apply(event, tx) {
    switch (event.type) {
      case 'FeedbackSubmitted': {
        const owner = ownerKey(event.data);
        if (owner === null) return;
        await tx.query(`INSERT INTO health_feedback_users (feedback_id, project_id, user_id) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`, [
          event.data.feedbackId,
          event.data.projectId,
          owner,
        ]);
        return;
      }
      case 'FeedbackProcessed':
      case 'FeedbackDeleted': {
        const owner = await tx.query<{ user_id: string }>(`SELECT user_id FROM health_feedback_users WHERE feedback_id = $1`, [event.data.feedbackId]);
        if (event.type === 'FeedbackDeleted') await tx.query(`DELETE FROM health_feedback_users WHERE feedback_id = $1`, [event.data.feedbackId]);
        if (event.type === 'FeedbackDeleted' && !rescores(event.data)) return;
        if (owner.rows[0]) await markDue(tx, event.data.projectId, owner.rows[0].user_id, event.type === 'FeedbackProcessed' ? event.data.feedbackId : null);
        return;
      }
      case 'FeedbackClustered':
      case 'FeedbackMoved': {
        await tx.query(`UPDATE health_feedback_users SET cluster_id = $2 WHERE feedback_id = $1`, [event.data.feedbackId, event.data.clusterId]);
        // A move is a person's act, live whatever the item's age; a placement inherits the item's (backfill never alerts).
        const owner = await tx.query<{ user_id: string }>(`SELECT user_id FROM health_feedback_users WHERE feedback_id = $1`, [event.data.feedbackId]);
        if (owner.rows[0]) await markDue(tx, event.data.projectId, owner.rows[0].user_id, event.type === 'FeedbackClustered' ? event.data.feedbackId : null);
        return;
      }
      // The item leaves its theme until it is placed again (then it rescores its user).
      case 'FeedbackReembedded':
        await tx.query(`UPDATE health_feedback_users SET cluster_id = NULL WHERE feedback_id = $1`, [event.data.feedbackId]);
        return;
      case 'ClusterResolved':
      case 'ClusterRegressed':
      case 'ClusterReopened':
      case 'ClusterActivated':
      case 'ClusterMuted':
        return markThemeUsersDue(tx, [event.data.clusterId]);
      case 'ClusterMerged':
        await tx.query(`UPDATE health_feedback_users SET cluster_id = $2 WHERE cluster_id = $1`, [event.data.clusterId, event.data.into]);
        return markThemeUsersDue(tx, [event.data.into]);
      case 'UserIdentified':
      case 'ShadowUserMerged': // the merged shadow user's items now count towards the user's score
        return markDue(tx, event.data.projectId, event.data.userId, null);
      case 'UserErased':
        for (const table of ['user_health_due', 'health_feedback_users', 'health_at_risk']) {
          await tx.query(`DELETE FROM ${table} WHERE project_id = $1 AND user_id = $2`, [event.data.projectId, event.data.userId]);
        }
        return;
    }
  },
});
