import { FEEDBACK_TYPES } from '../../analysis/analyzer.js';
import { FEEDBACK_SOURCES } from '../../domain/feedback/events.js';
import { html, type SafeHtml } from '../html.js';
import { PRESET_DAYS, type PageQuery } from '../page-query.js';

const TYPE_NAMES: Record<string, string> = {
  bug: 'Bug',
  feature_request: 'Feature request',
  question: 'Question',
  complaint: 'Complaint',
  praise: 'Praise',
  other: 'Other',
};

/** A segment: the items of users who hold a trait now, typed as `name:value`. */
const segmentField = (page: PageQuery) =>
  html`<label
      >Segment
      <input
        type="text"
        name="trait"
        value="${page.filters.trait ?? ''}"
        size="16"
        placeholder="plan:enterprise"
        autocomplete="off"
        aria-describedby="segment-hint"
    /></label>
    <span id="segment-hint" class="hint">A user trait, as name:value</span>`;

/**
 * The period (7, 30, 90 days or custom dates) and, on the themes page, the filters: one GET form, so
 * every view is a URL that can be shared and works without script. The theme page offers the segment alone.
 */
export function periodControl(
  page: PageQuery,
  { action, filters, segment, bucket, extra }: { action: string; filters: boolean; segment?: boolean; bucket: boolean; extra?: SafeHtml },
): SafeHtml {
  const preset = (days: number) =>
    html`<label class="choice"><input type="radio" name="days" value="${days}" ${page.days === days ? html` checked` : ''} /> ${days} days</label>`;
  const option = (value: string, label: string, selected: string | undefined) =>
    html`<option value="${value}" ${selected === value ? html` selected` : ''}>${label}</option>`;
  return html`<form class="controls" method="get" action="${action}" aria-label="Period${filters ? ' and filters' : ''}">
    <fieldset class="period">
      <legend>Period</legend>
      ${PRESET_DAYS.map(preset)}
      <label class="choice"><input type="radio" name="days" value="custom" ${page.days === undefined ? html` checked` : ''} /> Custom</label>
      <span class="dates">
        <label>From <input type="date" name="from" value="${page.fromDate ?? ''}" /></label>
        <label>To <input type="date" name="to" value="${page.toDate ?? ''}" /></label>
      </span>
    </fieldset>
    ${
      filters
        ? html`<fieldset class="filters">
            <legend>Only items</legend>
            <label
              >Source
              <select name="source">
                ${option('', 'Any', page.filters.source)}${FEEDBACK_SOURCES.map((s) => option(s, s, page.filters.source))}
              </select></label
            >
            <label
              >Type
              <select name="type">
                ${option('', 'Any', page.filters.type)}${FEEDBACK_TYPES.map((t) => option(t, TYPE_NAMES[t] ?? t, page.filters.type))}
              </select></label
            >
            <label
              >Language
              <input
                type="text"
                name="language"
                value="${page.filters.language ?? ''}"
                size="4"
                maxlength="3"
                pattern="[A-Za-z]{2,3}"
                placeholder="en"
                autocomplete="off"
            /></label>
            ${segmentField(page)}
          </fieldset>`
        : segment
          ? html`<fieldset class="filters">
              <legend>Only items</legend>
              ${segmentField(page)}
            </fieldset>`
          : ''
    }
    ${
      bucket
        ? html`<fieldset class="bucket">
            <legend>Chart by</legend>
            <label class="choice"><input type="radio" name="bucket" value="day" ${page.bucket === 'day' ? html` checked` : ''} /> Day</label>
            <label class="choice"><input type="radio" name="bucket" value="week" ${page.bucket === 'week' ? html` checked` : ''} /> Week</label>
          </fieldset>`
        : ''
    }
    ${extra ?? ''}
    <button type="submit" class="button-primary">Apply</button>
  </form>`;
}

const DATE = new Intl.DateTimeFormat('en', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/** "1 Nov 2025 – 30 Nov 2025" for the period shown (its end is exclusive). */
export function periodText(page: PageQuery): string {
  const last = new Date(page.period.to.getTime() - 1);
  const range = `${DATE.format(page.period.from)} – ${DATE.format(last)}`;
  return page.days ? `the last ${page.days} days (${range})` : range;
}
