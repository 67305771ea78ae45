import { resolveUserId } from '../../../projections/users/resolve-user.js';
import type { Queryable } from '../../db/database.js';
import { userDecider } from '../../domain/user/decider.js';
import { userStreamIncarnation } from '../../domain/user/events.js';
import { systemContext } from '../../eventstore/command-context.js';
import { handleOnLiveIncarnation } from '../../eventstore/incarnations.js';
import type { CoreServices } from '../../services.js';
import { describeFailure } from '../../support/describe-error.js';
import { userHealth } from './health-inputs.js';

const CLAIM_SECONDS = 30;
const RETRY_SECONDS = 30;
const BATCH = 16;

interface DueUser {
  project_id: string;
  user_id: string;
  mark: string;
  triggered_by_feedback_id: string | null;
}

interface ScoredUser {
  userId: string;
  /** Known only by an email: `userId` is that email. */
  shadow: boolean;
}

/**
 * The user a due key (a userId, or the email of an item that came without one) is now: a merge may
 * have moved the email's items to a real profile. Shadow users are scored like identified ones (spec
 * 2.3: they can trigger at-risk alerts). Undefined for users the read model no longer knows (erased,
 * or a shadow user whose items were all deleted).
 */
async function scoredUser(db: Queryable, projectId: string, key: string): Promise<ScoredUser | undefined> {
  const userId = await resolveUserId(db, projectId, key);
  if (userId === undefined) return undefined;
  const found = await db.query<{ shadow: boolean }>(`SELECT shadow FROM users WHERE project_id = $1 AND user_id = $2`, [projectId, userId]);
  return found.rows[0] ? { userId, shadow: found.rows[0].shadow } : undefined;
}

/** How often the users last scored at risk are scored again (see `markAtRiskUsersDue`). */
export const AT_RISK_RESCORE_EVERY_MS = 60 * 60_000;

/**
 * Marks due every user last scored in the at-risk band. Time alone only ever moves a score back
 * towards the baseline (`health.ts`), so nobody enters the band by waiting, but they may leave it:
 * recording that keeps the band on their stream true, so that a later slide alerts again.
 */
export async function markAtRiskUsersDue(db: Queryable): Promise<number> {
  const marked = await db.query(
    `INSERT INTO user_health_due (project_id, user_id) SELECT project_id, user_id FROM health_at_risk
     ON CONFLICT (project_id, user_id) DO UPDATE SET mark = user_health_due.mark + 1`,
  );
  return marked.rowCount ?? 0;
}

/**
 * Scores the users marked due by the `queue-user-health` reactor and records a change of band on
 * the user's stream (`UserHealthChanged` on entering the at-risk band, `UserHealthRecovered` on
 * leaving it), shadow users' on the stream named by the hash of their email. Users who are no longer
 * in the read model (erased) are skipped.
 */
export class UserHealthWorker {
  constructor(private readonly services: Pick<CoreServices, 'db' | 'store' | 'clock' | 'logger' | 'ids'>) {}

  async runOnce(): Promise<number> {
    const now = this.services.clock.now();
    const claimed = await this.services.db.query<DueUser>(
      `UPDATE user_health_due d SET claimed_until = $1::timestamptz + make_interval(secs => $2)
         FROM (SELECT project_id, user_id FROM user_health_due WHERE claimed_until IS NULL OR claimed_until < $1
                ORDER BY project_id, user_id LIMIT $3 FOR UPDATE SKIP LOCKED) due
        WHERE d.project_id = due.project_id AND d.user_id = due.user_id
        RETURNING d.project_id, d.user_id, d.mark::text, d.triggered_by_feedback_id`,
      [now.toISOString(), CLAIM_SECONDS, BATCH],
    );
    for (const due of claimed.rows) await this.score(due);
    return claimed.rows.length;
  }

  private async score(due: DueUser): Promise<void> {
    const { db } = this.services;
    try {
      const user = await scoredUser(db, due.project_id, due.user_id);
      // The key names no one now, or a shadow user merged into a real profile: its own at-risk mark goes.
      if (user?.userId !== due.user_id) await db.query(`DELETE FROM health_at_risk WHERE project_id = $1 AND user_id = $2`, [due.project_id, due.user_id]);
      if (user !== undefined) {
        const { userId, shadow } = user;
        const { score, reasons, atRisk } = await userHealth(db, due.project_id, userId, this.services.clock.now());
        await handleOnLiveIncarnation(
          this.services.store,
          (incarnation) => userStreamIncarnation(due.project_id, userId, incarnation),
          userDecider,
          {
            type: 'RecordHealth',
            projectId: due.project_id,
            userId,
            score,
            atRisk,
            reasons,
            triggeredByFeedbackId: due.triggered_by_feedback_id,
            shadow,
            at: this.services.clock.now().toISOString(),
          },
          { context: systemContext('user-health', this.services.ids.next('run')) },
        );
        await db.query(
          atRisk
            ? `INSERT INTO health_at_risk (project_id, user_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`
            : `DELETE FROM health_at_risk WHERE project_id = $1 AND user_id = $2`,
          [due.project_id, userId],
        );
      }
      await db.query(`DELETE FROM user_health_due WHERE project_id = $1 AND user_id = $2 AND mark = $3`, [due.project_id, due.user_id, due.mark]);
      await db.query(`UPDATE user_health_due SET claimed_until = NULL WHERE project_id = $1 AND user_id = $2`, [due.project_id, due.user_id]);
    } catch (error) {
      this.services.logger.warn({ projectId: due.project_id, lastError: describeFailure(error) }, 'user health scoring failed; will retry');
      await db.query(`UPDATE user_health_due SET claimed_until = $3::timestamptz + make_interval(secs => $4) WHERE project_id = $1 AND user_id = $2`, [
        due.project_id,
        due.user_id,
        this.services.clock.now().toISOString(),
        RETRY_SECONDS,
      ]);
    }
  }
}
