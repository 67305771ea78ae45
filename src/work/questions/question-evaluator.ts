import { vectorFromText } from '../../db/vector-from-text.js';
import type { Analyzer } from '../../analysis/analyzer.js';
import type { Embedding } from '../../domain/feedback/analysis-values.js';
import type { QuestionCommand } from '../../domain/question/decide.js';
import { trackedQuestionsDecider } from '../../domain/question/decider.js';
import { trackedQuestionsStream } from '../../domain/question/events.js';
import { systemContext, type CommandContext } from '../../eventstore/command-context.js';
import { handleCommand } from '../../eventstore/command-handler.js';
import type { CoreServices } from '../../services.js';
import { describeFailure } from '../../support/describe-error.js';
import { matchingItems } from './matching-items.js';

const CLAIM_SECONDS = 60;
const RETRY_SECONDS = 30;

interface DueProject {
  project_id: string;
  mark: string;
}

interface QuestionRow {
  question_id: string;
  about: string;
  embedding_model: string | null;
  embedding: string | null;
}

/**
 * Evaluates the tracked questions of projects marked due by the `queue-question-evaluations` reactor:
 * embeds a question not yet embedded with the configured model (recorded as `QuestionEmbedded`, so a
 * replay never calls the model), counts its matching items and records a verdict that changed.
 */
export class QuestionEvaluator {
  constructor(
    private readonly services: Pick<CoreServices, 'db' | 'store' | 'clock' | 'logger' | 'ids'>,
    private readonly analyzer: () => Promise<Analyzer>,
  ) {}

  /** Claims and evaluates one due project; returns how many it claimed (0 or 1). */
  async runOnce(): Promise<number> {
    const now = this.services.clock.now();
    const claimed = await this.services.db.query<DueProject>(
      `UPDATE question_evaluations_due SET claimed_until = $1::timestamptz + make_interval(secs => $2)
        WHERE project_id = (SELECT project_id FROM question_evaluations_due
                             WHERE claimed_until IS NULL OR claimed_until < $1
                             ORDER BY project_id LIMIT 1 FOR UPDATE SKIP LOCKED)
        RETURNING project_id, mark::text`,
      [now.toISOString(), CLAIM_SECONDS],
    );
    const due = claimed.rows[0];
    if (!due) return 0;
    try {
      await this.evaluateProject(due.project_id, systemContext('question-evaluator', this.services.ids.next('run')));
      // Done unless the project was marked again meanwhile; then it stays due and is evaluated again.
      await this.services.db.query(`DELETE FROM question_evaluations_due WHERE project_id = $1 AND mark = $2`, [due.project_id, due.mark]);
      await this.services.db.query(`UPDATE question_evaluations_due SET claimed_until = NULL WHERE project_id = $1`, [due.project_id]);
    } catch (error) {
      this.services.logger.warn({ projectId: due.project_id, lastError: describeFailure(error) }, 'question evaluation failed; will retry');
      await this.services.db.query(`UPDATE question_evaluations_due SET claimed_until = $2::timestamptz + make_interval(secs => $3) WHERE project_id = $1`, [
        due.project_id,
        this.services.clock.now().toISOString(),
        RETRY_SECONDS,
      ]);
    }
    return 1;
  }

  private async evaluateProject(projectId: string, context: CommandContext): Promise<void> {
    const questions = await this.services.db.query<QuestionRow>(
      `SELECT question_id, about, embedding_model, embedding::text FROM tracked_questions WHERE project_id = $1 ORDER BY tracked_at, question_id`,
      [projectId],
    );
    for (const question of questions.rows) {
      const embedding = await this.embeddingOf(projectId, question, context);
      const { counts } = await matchingItems(this.services.db, projectId, embedding, this.services.clock.now());
      await this.record(projectId, { type: 'RecordQuestionEvaluation', projectId, questionId: question.question_id, counts, now: this.now() }, context);
    }
  }

  private async embeddingOf(projectId: string, question: QuestionRow, context: CommandContext): Promise<Embedding> {
    const analyzer = await this.analyzer();
    const model = analyzer.embeddingModel.model;
    if (question.embedding_model === model && question.embedding) {
      const vector = vectorFromText(question.embedding);
      return { model, dimensions: vector.length, vector };
    }
    const embedding = await analyzer.embed(question.about);
    await this.record(projectId, { type: 'RecordQuestionEmbedding', projectId, questionId: question.question_id, embedding, now: this.now() }, context);
    return embedding;
  }

  private now(): string {
    return this.services.clock.now().toISOString();
  }

  private async record(projectId: string, command: QuestionCommand, context: CommandContext): Promise<void> {
    await handleCommand(this.services.store, trackedQuestionsStream(projectId), trackedQuestionsDecider, command, { context });
  }
}
