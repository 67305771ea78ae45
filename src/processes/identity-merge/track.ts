import { reactor } from '../../projection-engine/projection.js';
import { pendingIdentityMergesMigrations } from './track.migration.js';

/**
 * A merge is pending from `MergeSuggestionConfirmed` until `IdentityMergeCompleted`. The confirming
 * command runs it at once; the row lets the worker finish it after a crash, a minute later (so it
 * does not race the command's own run).
 */
export const trackIdentityMerges = reactor({
  name: 'track-identity-merges',
  handles: ['MergeSuggestionConfirmed', 'IdentityMergeCompleted'],
  migrations: pendingIdentityMergesMigrations,
  async apply(event, tx) {
    if (event.type === 'IdentityMergeCompleted') {
      await tx.query(`DELETE FROM pending_identity_merges WHERE suggestion_id = $1`, [event.data.suggestionId]);
      return;
    }
    const { suggestionId, projectId, at } = event.data;
    await tx.query(
      `INSERT INTO pending_identity_merges (suggestion_id, project_id, confirmed_at, claimed_until)
       VALUES ($1, $2, $3, $3::timestamptz + interval '1 minute') ON CONFLICT DO NOTHING`,
      [suggestionId, projectId, at],
    );
  },
});
