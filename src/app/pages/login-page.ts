import type { AppAssets } from '../assets.js';
import { html } from '../html.js';
import { layout } from './layout.js';

/**
 * GET of a sign-in link shows this page; only its button (a POST) uses the link, so a mail scanner or a
 * link preview that fetches the URL does not sign in, nor spend the link.
 */
export function loginPage(assets: AppAssets, { token, projectName }: { token: string; projectName: string }): string {
  return layout({
    title: 'Sign in',
    assets,
    main: html`<section class="panel narrow" aria-labelledby="login-title">
      <h1 id="login-title">Sign in to ${projectName}</h1>
      <p>This link signs you in once. Your session lasts 30 days on this browser.</p>
      <form method="post" action="/app/login">
        <input type="hidden" name="token" value="${token}" />
        <button type="submit" class="button-primary">Sign in</button>
      </form>
    </section>`,
  });
}
