import type { Queryable } from '../../src/db/database.js';
import { listFeedback, type ListFeedbackFilters } from '../feedback-list/query.js';

/** Items read per query: the export holds one page in memory at a time. */
const PAGE_SIZE = 500;

export type ExportFilters = Omit<ListFeedbackFilters, 'limit'>;

/** Every item matching the list's filters, newest first, read page by page with the list's own cursor. */
export async function* exportedItems(db: Queryable, projectId: string, filters: ExportFilters) {
  let before = filters.before;
  for (;;) {
    const page = await listFeedback(db, projectId, { ...filters, before, limit: PAGE_SIZE });
    yield* page.items;
    if (page.nextBefore === null) return;
    before = page.nextBefore;
  }
}
