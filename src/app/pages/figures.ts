import { html, type SafeHtml } from '../html.js';

const MONEY = new Intl.NumberFormat('en', { maximumFractionDigits: 0 });
const PERCENT = new Intl.NumberFormat('en', { style: 'percent', maximumFractionDigits: 0, signDisplay: 'exceptZero' });

export const money = (value: number): string => MONEY.format(value);

/** The change against the previous period as a person reads it. */
export function changeText(count: number, previous: number, growth: number | null): { text: string; tone: 'up' | 'down' | 'flat' } {
  if (growth === null) return count === 0 ? { text: '–', tone: 'flat' } : { text: `+${count} (from 0)`, tone: 'up' };
  return { text: PERCENT.format(growth), tone: growth > 0 ? 'up' : growth < 0 ? 'down' : 'flat' };
}

/** A small line of the counts per bucket, drawn by the page itself (no script); decorative, the numbers are in the text. */
export function sparkline(counts: number[]): SafeHtml {
  const width = 120;
  const height = 28;
  const max = Math.max(1, ...counts);
  const step = counts.length > 1 ? width / (counts.length - 1) : width;
  const points = counts.map((count, i) => `${(i * step).toFixed(1)},${(height - 2 - (count / max) * (height - 4)).toFixed(1)}`).join(' ');
  return html`<svg class="sparkline" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" aria-hidden="true" focusable="false">
    <polyline points="${points}" fill="none" stroke-width="2" />
  </svg>`;
}

/** The sentiment mix as one stacked bar, with the figures as text for everyone. */
export function sentimentBar({ positive, neutral, negative }: { positive: number; neutral: number; negative: number }): SafeHtml {
  const total = positive + neutral + negative;
  const width = 100;
  const share = (n: number) => (total === 0 ? 0 : (n / total) * width);
  const parts: [string, number][] = [
    ['negative', share(negative)],
    ['neutral', share(neutral)],
    ['positive', share(positive)],
  ];
  let x = 0;
  const rects = parts.map(([name, w]) => {
    const rect = html`<rect class="mix-${name}" x="${x.toFixed(2)}" y="0" width="${w.toFixed(2)}" height="10" />`;
    x += w;
    return rect;
  });
  return html`<span class="mix"
    ><svg class="mix-bar" viewBox="0 0 ${width} 10" preserveAspectRatio="none" aria-hidden="true" focusable="false">${rects}</svg>
    <span class="mix-text">${negative} negative, ${neutral} neutral, ${positive} positive</span></span
  >`;
}

export interface Flags {
  spiking: boolean;
  regressed: boolean;
  new: boolean;
  status?: string;
}

export function badges(flags: Flags): SafeHtml {
  return html`${flags.spiking ? html`<span class="badge badge-spiking">Spiking</span>` : ''}${
    flags.regressed ? html`<span class="badge badge-regressed">Regressed</span>` : ''
  }${flags.new ? html`<span class="badge badge-new">New</span>` : ''}${
    flags.status && flags.status !== 'active' ? html`<span class="badge badge-status">${flags.status}</span>` : ''
  }`;
}
