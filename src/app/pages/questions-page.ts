import type { QuestionRow } from '../../../queries/questions/question-record.js';
import type { VerdictAt } from '../../../queries/questions/verdicts-over-time.js';
import { MAX_TRACKED_QUESTIONS, QUESTION_TEXT_MAX, type QuestionVerdict } from '../../domain/question/events.js';
import type { AppAssets } from '../assets.js';
import { html, type SafeHtml } from '../html.js';
import type { PageQuery } from '../page-query.js';
import type { AppSession } from '../session.js';
import { dayText } from './health-figures.js';
import { layout } from './layout.js';
import { periodControl, periodText } from './period-control.js';

export interface ShownQuestion {
  row: QuestionRow;
  /** Null until the question has its vector (seconds after tracking). */
  history: VerdictAt[] | null;
}

export interface QuestionsPageData {
  session: AppSession;
  page: PageQuery;
  bucket: 'day' | 'week';
  questions: ShownQuestion[];
  notice?: string;
  error?: string;
}

const VERDICT_TEXT: Record<QuestionVerdict, string> = { positive: 'Positive', negative: 'Negative', mixed: 'Mixed', insufficient: 'Too few opinions' };
const DAY = new Intl.DateTimeFormat('en', { day: 'numeric', month: 'short', timeZone: 'UTC' });

/** A verdict as a badge whose words carry the meaning (the colour only repeats it). */
const verdictBadge = (verdict: QuestionVerdict): SafeHtml => html`<span class="badge badge-verdict badge-verdict-${verdict}">${VERDICT_TEXT[verdict]}</span>`;

function historyTable(question: ShownQuestion, bucket: 'day' | 'week'): SafeHtml {
  if (question.history === null) return html`<p class="muted">Not matched against feedback yet: the question is being read (a few seconds).</p>`;
  const id = question.row.question_id;
  return html`<table class="question-verdicts">
    <caption>
      Verdict at the end of each ${bucket}
    </caption>
    <thead>
      <tr>
        <th scope="col">${bucket === 'day' ? 'Day' : 'Week of'}</th>
        <th scope="col">Verdict</th>
        <th scope="col">Matching items</th>
      </tr>
    </thead>
    <tbody>
      ${question.history.map(
        (at) =>
          html`<tr data-question-bucket="${id}">
            <th scope="row" data-label="${bucket === 'day' ? 'Day' : 'Week of'}">
              <time datetime="${at.start.toISOString().slice(0, 10)}">${DAY.format(at.start)}</time>
            </th>
            <td data-label="Verdict">${verdictBadge(at.verdict)}</td>
            <td data-label="Matching items" class="question-counts">
              ${at.counts.positive} positive, ${at.counts.negative} negative, ${at.counts.neutral} neutral
            </td>
          </tr>`,
      )}
    </tbody>
  </table>`;
}

function questionCard(session: AppSession, question: ShownQuestion, bucket: 'day' | 'week'): SafeHtml {
  const { row } = question;
  const id = row.question_id;
  const counts = row.verdict_counts;
  return html`<section class="panel question" aria-labelledby="question-${id}" data-question="${id}">
    <h2 id="question-${id}" class="question-text">${row.text}</h2>
    <dl class="traits">
      <dt>Verdict now</dt>
      <dd data-verdict="${row.verdict}">
        ${verdictBadge(row.verdict)}
        ${counts ? html`<span class="muted">(${counts.positive} positive, ${counts.negative} negative, ${counts.neutral} neutral)</span>` : ''}
      </dd>
      <dt>Matched on</dt>
      <dd class="question-about">${row.about}</dd>
      <dt>Tracked since</dt>
      <dd>${dayText(new Date(row.tracked_at).toISOString())}</dd>
      <dt>Last change</dt>
      <dd>${row.verdict_changed_at ? dayText(new Date(row.verdict_changed_at).toISOString()) : html`<span class="muted">never</span>`}</dd>
    </dl>
    ${historyTable(question, bucket)}
    ${
      session.role === 'editor'
        ? html`<form method="post" action="/app/questions/${encodeURIComponent(id)}/untrack" class="question-untrack">
            <input type="hidden" name="_csrf" value="${session.csrfToken}" />
            <button type="submit" class="button-secondary">Stop tracking<span class="visually-hidden">: ${row.text}</span></button>
          </form>`
        : ''
    }
  </section>`;
}

function trackForm(session: AppSession, count: number): SafeHtml {
  if (session.role !== 'editor') return html``;
  if (count >= MAX_TRACKED_QUESTIONS)
    return html`<p class="notice">The project tracks ${MAX_TRACKED_QUESTIONS} questions, the most it may: stop tracking one to add another.</p>`;
  return html`<form method="post" action="/app/questions" class="panel question-track" aria-labelledby="track-title">
    <h2 id="track-title">Track a question</h2>
    <input type="hidden" name="_csrf" value="${session.csrfToken}" />
    <p>
      <label for="question-text">Question</label>
      <input type="text" id="question-text" name="text" required maxlength="${QUESTION_TEXT_MAX}" placeholder="Are customers happy with the new onboarding?" />
    </p>
    <p>
      <label for="question-about">About <span class="muted">(optional: the subject to match feedback on)</span></label>
      <input type="text" id="question-about" name="about" maxlength="${QUESTION_TEXT_MAX}" placeholder="new onboarding" />
    </p>
    <button type="submit" class="button-primary">Track</button>
  </form>`;
}

/** /app/questions: the tracked questions, each with its verdict now and at the end of each day or week of the period. */
export function questionsPage(assets: AppAssets, { session, page, bucket, questions, notice, error }: QuestionsPageData): string {
  return layout({
    title: 'Questions',
    assets,
    session,
    current: 'questions',
    main: html`<div class="page-head">
        <h1>Tracked questions</h1>
        <p class="lede">
          What feedback says about each question: from the items of the 30 days before, matched by meaning on the question’s subject; at least 5 opinions, 70 %
          on one side for positive or negative, else mixed. Over ${periodText(page)}.
        </p>
      </div>
      ${notice ? html`<p class="notice" role="status">${notice}</p>` : ''} ${error ? html`<p class="error" role="alert">${error}</p>` : ''}
      ${periodControl(page, { action: '/app/questions', filters: false, bucket: false })} ${trackForm(session, questions.length)}
      ${
        questions.length === 0 ? html`<p class="empty">No questions are tracked yet.</p>` : questions.map((question) => questionCard(session, question, bucket))
      }`,
  });
}
