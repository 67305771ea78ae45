import { vectorFromText } from '../../src/db/vector-from-text.js';
import { matchDefinedTheme, type DefinedTheme } from '../../src/domain/cluster/defined-match.js';
import { Conflict, NotFound } from '../../src/domain/errors.js';
import { systemContext, type CommandContext } from '../../src/eventstore/command-context.js';
import type { AppendResult } from '../../src/eventstore/event-store.js';
import type { CoreServices } from '../../src/services.js';
import { recordMove } from '../move-feedback/handler.js';
import { withClusteringLease } from '../../src/work/clustering/lease.js';
import { relabelAfterDelete } from '../../src/work/clustering/relabel-after-delete.js';
import type { DefinitionVectors } from '../../src/work/defined-themes/definition-vectors.js';
import { loadDefinedThemes } from '../../src/work/defined-themes/load-defined-themes.js';

type Services = Pick<CoreServices, 'db' | 'store' | 'clock' | 'engine' | 'logger' | 'ids'>;

const PAGE = 500;

/**
 * After a theme is defined or its definition changes (`queue-defined-theme-sweeps`), moves the project's
 * items that match a defined theme into it, each as `FeedbackMoved` (reason `defined`). Runs under the
 * project's clustering lease; a project whose lease is busy is tried again on the next call. Returns how
 * many projects were swept.
 */
export async function sweepDefinedThemes(services: Services, definitions?: DefinitionVectors): Promise<number> {
  const due = await services.db.query<{ project_id: string; seq: string }>(
    `SELECT project_id, seq::text AS seq FROM defined_theme_sweeps ORDER BY seq LIMIT 20`,
  );
  let swept = 0;
  for (const { project_id: projectId, seq } of due.rows) {
    const context = systemContext('defined-themes', services.ids.next('run'));
    const held = await withClusteringLease(services, projectId, () => moveMatchingItems(services, projectId, context, definitions));
    if (!held) continue;
    // A definition recorded during the pass asked for another one: its row stays.
    await services.db.query(`DELETE FROM defined_theme_sweeps WHERE project_id = $1 AND seq = $2::numeric`, [projectId, seq]);
    swept++;
  }
  return swept;
}

/**
 * Every item of the project in a theme, except those a person placed, goes to the defined theme it
 * matches best, unless it is in a defined theme that scores as high. Items that match none stay where
 * they are. A repeat moves nothing more (an item already in its best theme records nothing).
 */
export async function moveMatchingItems(services: Services, projectId: string, context: CommandContext, definitions?: DefinitionVectors): Promise<number> {
  const models = await services.db.query<{ model: string }>(
    `SELECT DISTINCT model FROM clusters WHERE project_id = $1 AND origin = 'defined' AND merged_into IS NULL ORDER BY model`,
    [projectId],
  );
  const left = new Set<string>();
  let last: AppendResult | null = null;
  let moved = 0;
  for (const { model } of models.rows) {
    const themes = await loadDefinedThemes(services.db, projectId, model, { definitions });
    const byId = new Map(themes.map((theme) => [theme.clusterId, theme]));
    for (let after = ''; ;) {
      const page = await services.db.query<{ feedback_id: string; cluster_id: string; text: string; language: string | null; embedding: string }>(
        `SELECT feedback_id, cluster_id, text, language, embedding::text AS embedding FROM cluster_members
          WHERE project_id = $1 AND model = $2 AND cluster_id IS NOT NULL AND embedding IS NOT NULL AND NOT placed_by_hand AND feedback_id > $3
          ORDER BY feedback_id LIMIT ${PAGE}`,
        [projectId, model, after],
      );
      for (const row of page.rows) {
        const item = { text: row.text, language: row.language ?? undefined, vector: vectorFromText(row.embedding) };
        const target = betterDefinedTheme(item, themes, byId.get(row.cluster_id), row.cluster_id);
        if (!target) continue;
        const appended = await moveInto(services, projectId, row.feedback_id, target, context);
        if (!appended) continue;
        last = appended;
        left.add(row.cluster_id);
        moved++;
      }
      if (page.rows.length < PAGE) break;
      after = page.rows.at(-1)!.feedback_id;
    }
  }
  if (!last) return 0;
  await services.engine.waitFor(last.position);
  // As after a person's move: no theme keeps a label made with the words of items that left it.
  for (const clusterId of left) await relabelAfterDelete(services, projectId, clusterId, context);
  return moved;
}

/** The defined theme the item should move to, if any: its best match, unless that is where it is or its own defined theme scores as high. */
function betterDefinedTheme(
  item: Parameters<typeof matchDefinedTheme>[0],
  themes: readonly DefinedTheme[],
  current: DefinedTheme | undefined,
  currentId: string,
): string | undefined {
  const best = matchDefinedTheme(item, themes);
  if (!best || best.clusterId === currentId) return undefined;
  const own = current ? matchDefinedTheme(item, [current]) : undefined;
  return own && own.score >= best.score ? undefined : best.clusterId;
}

async function moveInto(services: Services, projectId: string, feedbackId: string, clusterId: string, context: CommandContext): Promise<AppendResult | null> {
  try {
    return (await recordMove(services, { projectId, feedbackId, clusterId, reason: 'defined' }, context)).appended;
  } catch (error) {
    // Deleted meanwhile, or re-embedded with another model: it stays out of this pass.
    if (error instanceof NotFound || error instanceof Conflict) return null;
    throw error;
  }
}
