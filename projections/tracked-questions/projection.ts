import pgvector from 'pgvector';
import { projector } from '../../src/projection-engine/projection.js';
import { trackedQuestionsMigrations } from './migration.js';

/** Tracked questions for `GET /api/v1/questions` and the evaluation worker; untracked ones leave. */
export const trackedQuestionsProjection = projector({
  name: 'tracked-questions',
  tables: ['tracked_questions'],
  handles: ['QuestionTracked', 'QuestionEmbedded', 'QuestionVerdictChanged', 'QuestionUntracked'],
  migrations: trackedQuestionsMigrations,
  async apply(event, tx) {
    const { questionId } = event.data;
    switch (event.type) {
      case 'QuestionTracked':
        await tx.query(`INSERT INTO tracked_questions (question_id, project_id, text, about, tracked_at) VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING`, [
          questionId,
          event.data.projectId,
          event.data.text,
          event.data.about,
          event.data.trackedAt,
        ]);
        return;
      case 'QuestionEmbedded':
        await tx.query(`UPDATE tracked_questions SET embedding_model = $2, embedding = $3 WHERE question_id = $1`, [
          questionId,
          event.data.embedding.model,
          pgvector.toSql(event.data.embedding.vector),
        ]);
        return;
      case 'QuestionVerdictChanged':
        await tx.query(`UPDATE tracked_questions SET verdict = $2, verdict_changed_at = $3, verdict_counts = $4 WHERE question_id = $1`, [
          questionId,
          event.data.to,
          event.data.changedAt,
          JSON.stringify(event.data.counts),
        ]);
        return;
      case 'QuestionUntracked':
        await tx.query(`DELETE FROM tracked_questions WHERE question_id = $1`, [questionId]);
        return;
    }
  },
});
