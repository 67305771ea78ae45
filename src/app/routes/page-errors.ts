import type Koa from 'koa';
import { AppError } from '../../http/app-error.js';
import type { AppAssets } from '../assets.js';
import { messagePage } from '../pages/message-page.js';

/** A page's own mistakes (a bad period, a theme not in the project) as a page a person can read; anything else goes to the problem middleware. */
export async function withPageErrors(ctx: Koa.Context, assets: AppAssets, render: () => Promise<void>): Promise<void> {
  try {
    await render();
  } catch (error) {
    if (!(error instanceof AppError) || error.status >= 500 || error.status === 403) throw error;
    ctx.status = error.status;
    ctx.type = 'text/html; charset=utf-8';
    ctx.body = messagePage(assets, error.status === 404 ? 'Not found' : 'That did not work', error.detail);
  }
}
