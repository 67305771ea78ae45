import type { Queryable } from '../../src/db/database.js';
import { Invalid } from '../../src/domain/errors.js';

/**
 * The customer value is money, never a segment (spec 2.4): a `trait` filter or breakdown on the
 * project's customer-value trait is a 400 naming the parameter; themes are ranked by it instead.
 */
export async function refuseMoneySegment(db: Queryable, projectId: string, field: string, traitKeys: string[]): Promise<void> {
  if (traitKeys.length === 0) return;
  const trait = (await db.query<{ trait: string | null }>(`SELECT settings->>'customerValueTrait' AS trait FROM projects WHERE project_id = $1`, [projectId]))
    .rows[0]?.trait;
  if (trait && traitKeys.includes(trait)) {
    throw new Invalid([
      { field, message: `${trait} is the customer value: money is never a segment; rank themes by it with GET /api/v1/clusters?rank=revenue` },
    ]);
  }
}
