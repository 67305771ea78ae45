import { traitsWritten } from '../../src/domain/user/events.js';
import { projector } from '../../src/projection-engine/projection.js';
import { usersMigrations } from './migration.js';
import { ensureUser, settleUser } from './user-row.js';
import { claimEmail, dropAliases, trackLinking, userForEmail } from './email-identity.js';
import { applyValueMarks } from './value-marks.js';
import { decideSuggestion, dropSuggestionsOf, dropSuggestionsOfGoneShadow, mergeShadowUser } from './merge-suggestions.js';

const isOwnedByEmailOnly = (data: Record<string, unknown>): boolean => typeof data.userId !== 'string' && typeof data.email === 'string';

/**
 * End users (spec 2.3): seen by identify calls and by feedback carrying their userId, with their
 * traits, value marks, item count and first and last sighting, and who has a health-band history.
 */
export const usersProjection = projector({
  name: 'users',
  tables: ['users', 'user_value_marks', 'user_feedback', 'user_aliases', 'user_linking', 'identity_suggestions', 'user_band_history'],
  handles: [
    'UserIdentified',
    'UserErased',
    'ShadowUserMerged',
    'UserHealthChanged',
    'UserHealthRecovered',
    'FeedbackSubmitted',
    'FeedbackDeleted',
    'ProjectCreated',
    'ProjectSettingsChanged',
    'MergeSuggestionConfirmed',
    'MergeSuggestionRejected',
    'MergeSuggestionDismissed',
  ],
  // The user's item count is right after the 202; applied again, the insert is ignored and the recount gives the same.
  inline: ['FeedbackSubmitted'],
  // Except for an item known only by its email: whose it is (an alias, a shadow user, suggestions)
  // depends on the identify calls, merges and settings before it in the log, which the
  // asynchronous pass may not have applied yet; resolved out of order, live and a rebuild would
  // differ. Its 202 waits for the asynchronous pass instead.
  defersInline: (event) => event.type === 'FeedbackSubmitted' && isOwnedByEmailOnly(event.data),
  migrations: usersMigrations,
  applyRun: {
    async FeedbackDeleted(events, tx) {
      const deleted = await tx.query<{ project_id: string; user_id: string }>(
        `DELETE FROM user_feedback WHERE feedback_id = ANY ($1::text[]) RETURNING project_id, user_id`,
        [events.map((e) => e.data.feedbackId)],
      );
      const owners = new Map(deleted.rows.map((row) => [JSON.stringify([row.project_id, row.user_id]), row]));
      for (const { project_id, user_id } of owners.values()) await settleUser(tx, project_id, user_id);
    },
  },
  async apply(event, tx) {
    switch (event.type) {
      case 'UserIdentified': {
        const d = event.data;
        await ensureUser(tx, d.projectId, d.userId, d.at);
        await tx.query(
          `UPDATE users SET traits = (traits - $3::text[]) || $4::jsonb,
                  identified_first_at = least(identified_first_at, $5), identified_last_at = greatest(identified_last_at, $5), shadow = false
            WHERE project_id = $1 AND user_id = $2`,
          [d.projectId, d.userId, d.traitsRemoved, JSON.stringify(traitsWritten(d)), d.at],
        );
        await applyValueMarks(tx, d);
        await claimEmail(tx, d, { eventId: event.id, at: d.at });
        await settleUser(tx, d.projectId, d.userId);
        return;
      }
      case 'UserErased': {
        const { projectId, userId } = event.data;
        for (const table of ['user_feedback', 'user_value_marks', 'users', 'user_band_history']) {
          await tx.query(`DELETE FROM ${table} WHERE project_id = $1 AND user_id = $2`, [projectId, userId]);
        }
        await dropAliases(tx, projectId, userId);
        await dropSuggestionsOf(tx, projectId, userId);
        return;
      }
      case 'ShadowUserMerged':
        await mergeShadowUser(tx, event.data);
        return;
      case 'UserHealthChanged':
      case 'UserHealthRecovered':
        await tx.query(`INSERT INTO user_band_history (project_id, user_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [event.data.projectId, event.data.userId]);
        return;
      case 'MergeSuggestionConfirmed':
        await decideSuggestion(tx, event.data.suggestionId, 'confirmed', event.data.at);
        return;
      case 'MergeSuggestionRejected':
        await decideSuggestion(tx, event.data.suggestionId, 'rejected', event.data.at);
        return;
      case 'MergeSuggestionDismissed':
        await decideSuggestion(tx, event.data.suggestionId, 'dismissed', event.data.at);
        return;
      case 'ProjectCreated':
        await trackLinking(tx, event.data.projectId, event.data.settings);
        return;
      case 'ProjectSettingsChanged':
        await trackLinking(tx, event.data.projectId, event.data.changes);
        return;
      case 'FeedbackSubmitted': {
        const { feedbackId, projectId, createdAt, email } = event.data;
        // userId wins over email (spec 2.3); an item with neither belongs to no one.
        const raisedBy = { eventId: event.id, at: event.data.receivedAt };
        const userId = event.data.userId ?? (email === null ? null : await userForEmail(tx, projectId, email, createdAt, raisedBy));
        if (userId === null) return;
        await tx.query(
          `INSERT INTO user_feedback (feedback_id, project_id, user_id, created_at) VALUES ($1, $2, $3, $4) ON CONFLICT (feedback_id) DO NOTHING`,
          [feedbackId, projectId, userId, createdAt],
        );
        await ensureUser(tx, projectId, userId, createdAt);
        await settleUser(tx, projectId, userId);
        return;
      }
      case 'FeedbackDeleted': {
        const deleted = await tx.query<{ project_id: string; user_id: string }>(
          `DELETE FROM user_feedback WHERE feedback_id = $1 RETURNING project_id, user_id`,
          [event.data.feedbackId],
        );
        for (const { project_id, user_id } of deleted.rows) {
          await settleUser(tx, project_id, user_id);
          await dropSuggestionsOfGoneShadow(tx, project_id, user_id);
        }
        return;
      }
    }
  },
});
