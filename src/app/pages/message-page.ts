import type { AppAssets } from '../assets.js';
import { html, type SafeHtml } from '../html.js';
import { layout } from './layout.js';

/** A page that only says something: a link that no longer works, a missing theme, a bad parameter. */
export function messagePage(assets: AppAssets, title: string, message: string, next?: SafeHtml): string {
  return layout({
    title,
    assets,
    main: html`<section class="panel narrow" aria-labelledby="message-title">
      <h1 id="message-title">${title}</h1>
      <p>${message}</p>
      ${next}
    </section>`,
  });
}

export const SIGN_IN_HELP = html`<p>
  An administrator makes a sign-in link with <code>feedbackctl app-link --project ID --role viewer|editor</code>; each link works once.
</p>`;
