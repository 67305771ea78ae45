import type { Queryable } from '../../db/database.js';
import { reactor } from '../../projection-engine/projection.js';
import { questionEvaluationsMigrations } from './migration.js';

async function markDue(tx: Queryable, projectId: string, times = 1): Promise<void> {
  await tx.query(
    `INSERT INTO question_evaluations_due (project_id, mark)
     SELECT $1, $2::bigint WHERE EXISTS (SELECT 1 FROM question_projects WHERE project_id = $1)
     ON CONFLICT (project_id) DO UPDATE SET mark = question_evaluations_due.mark + $2`,
    [projectId, times],
  );
}

async function markEachProject(events: readonly { data: { projectId: string } }[], tx: Queryable): Promise<void> {
  const perProject = new Map<string, number>();
  for (const event of events) perProject.set(event.data.projectId, (perProject.get(event.data.projectId) ?? 0) + 1);
  for (const [projectId, times] of perProject) await markDue(tx, projectId, times);
}

/**
 * A project's tracked questions are evaluated again when a question is tracked and whenever an item
 * of the project is analysed, re-embedded or deleted; the evaluation worker does it.
 */
export const queueQuestionEvaluations = reactor({
  name: 'queue-question-evaluations',
  handles: ['QuestionTracked', 'QuestionUntracked', 'FeedbackProcessed', 'FeedbackReembedded', 'FeedbackDeleted'],
  migrations: questionEvaluationsMigrations,
  // A burst of analyses or deletions marks each project once, by as much as one mark per event would.
  applyRun: {
    FeedbackProcessed: markEachProject,
    FeedbackDeleted: markEachProject,
  },
  async apply(event, tx) {
    switch (event.type) {
      case 'QuestionTracked':
        await tx.query(`INSERT INTO question_projects (question_id, project_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [
          event.data.questionId,
          event.data.projectId,
        ]);
        return markDue(tx, event.data.projectId);
      case 'QuestionUntracked':
        await tx.query(`DELETE FROM question_projects WHERE question_id = $1`, [event.data.questionId]);
        return;
      default:
        return markDue(tx, event.data.projectId);
    }
  },
});
