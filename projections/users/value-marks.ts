import type { Queryable } from '../../src/db/database.js';
import type { UserIdentified } from '../../src/domain/user/events.js';
import { recordChange } from '../../src/domain/user/value-change.js';
import { markedAmounts, recordAmount, type ValueMark } from '../../src/domain/user/value-marks.js';

interface MarkRow {
  current: string;
  last_positive: string | null;
  last_positive_at: Date | null;
  paying_since: Date | null;
  lost_at: Date | null;
  previous_amount: string | null;
  changed_at: Date | null;
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

const markOf = (row: MarkRow): ValueMark => ({
  current: row.current,
  lastPositive: row.last_positive,
  lastPositiveAt: iso(row.last_positive_at),
  payingSince: iso(row.paying_since),
  lostAt: iso(row.lost_at),
});

/** The call's removals and amounts, applied with the domain's own rule (`recordAmount`), as `evolve` does. */
export async function applyValueMarks(tx: Queryable, event: UserIdentified['data']): Promise<void> {
  const { projectId, userId, traitsRemoved, at } = event;
  if (traitsRemoved.length > 0) {
    await tx.query(`DELETE FROM user_value_marks WHERE project_id = $1 AND user_id = $2 AND trait = ANY($3::text[])`, [projectId, userId, traitsRemoved]);
  }
  for (const [trait, amount] of markedAmounts(event)) {
    const found = await tx.query<MarkRow>(
      `SELECT current::text AS current, last_positive::text AS last_positive, last_positive_at, paying_since, lost_at,
              previous_amount::text AS previous_amount, changed_at
         FROM user_value_marks WHERE project_id = $1 AND user_id = $2 AND trait = $3`,
      [projectId, userId, trait],
    );
    const row = found.rows[0];
    const mark = recordAmount(row && markOf(row), amount, at);
    const change = recordChange(row && { current: row.current, previous: row.previous_amount, changedAt: iso(row.changed_at) }, amount, at);
    await tx.query(
      `INSERT INTO user_value_marks (project_id, user_id, trait, current, last_positive, last_positive_at, paying_since, lost_at, previous_amount, changed_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
       ON CONFLICT (project_id, user_id, trait) DO UPDATE SET current = excluded.current, last_positive = excluded.last_positive,
         last_positive_at = excluded.last_positive_at, paying_since = excluded.paying_since, lost_at = excluded.lost_at,
         previous_amount = excluded.previous_amount, changed_at = excluded.changed_at`,
      [projectId, userId, trait, mark.current, mark.lastPositive, mark.lastPositiveAt, mark.payingSince, mark.lostAt, change.previous, change.changedAt],
    );
  }
}
