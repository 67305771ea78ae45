import type { ThemeLabeler } from '../../analysis/labeler.js';
import type { CommandContext } from '../../eventstore/command-context.js';
import type { CoreServices } from '../../services.js';
import { describeFailure } from '../../support/describe-error.js';
import { recordLabel } from './record-label.js';
import { labelTheme } from './theme-label.js';

/**
 * Labels the themes a batch made due, once each, from their members at the end of the batch (a theme
 * that grew from 2 to 5 items in one batch is labelled once, not three times). A theme absorbed
 * meanwhile is skipped: the theme that absorbed it is due too. A failure is logged and leaves the
 * previous label; the items stay clustered.
 */
export async function labelDueThemes(
  services: Pick<CoreServices, 'db' | 'store' | 'clock' | 'engine' | 'logger'>,
  labeler: ThemeLabeler,
  projectId: string,
  due: ReadonlyMap<string, CommandContext>,
): Promise<void> {
  for (const [clusterId, context] of due) {
    try {
      const theme = await services.db.query<{ merged_into: string | null }>(`SELECT merged_into FROM clusters WHERE cluster_id = $1`, [clusterId]);
      if (!theme.rows[0] || theme.rows[0].merged_into) continue;
      await recordLabel(services, projectId, clusterId, await labelTheme(services.db, labeler, projectId, clusterId), context);
    } catch (error) {
      services.logger.warn({ clusterId, projectId, lastError: describeFailure(error) }, 'theme label not refreshed');
    }
  }
}
