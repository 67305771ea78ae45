import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import type Koa from 'koa';

/** src/widget/widget.js, from src/http (tsx) or from dist/src/http (the build copies no .js assets). */
const WIDGET_FILE = new URL(import.meta.url.endsWith('.ts') ? '../widget/widget.js' : '../../../src/widget/widget.js', import.meta.url);

export interface WidgetScript {
  body: Buffer;
  gzipped: Buffer;
  etag: string;
}

/** The widget's bytes as served, read once at start-up, with their gzip form and a strong ETag of their content. */
export function loadWidgetScript(): WidgetScript {
  const body = readFileSync(WIDGET_FILE);
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
  return { body, gzipped: gzipSync(body, { level: 9 }), etag };
}

/**
 * GET /widget.js: public, no key. Cached for an hour and revalidated by ETag (304 on a match), so a
 * new release reaches pages within the hour without a versioned URL in the snippet. Sent gzipped to
 * clients that accept it.
 */
export function serveWidgetScript(script: WidgetScript): Koa.Middleware {
  return (ctx) => {
    ctx.set('Cache-Control', 'public, max-age=3600, must-revalidate');
    ctx.set('ETag', script.etag);
    ctx.set('Vary', 'Accept-Encoding');
    ctx.set('X-Content-Type-Options', 'nosniff');
    // Any page may load and probe it (the widget's own origin check needs to reach it); it carries nothing private.
    ctx.set('Access-Control-Allow-Origin', '*');
    ctx.set('Cross-Origin-Resource-Policy', 'cross-origin');
    const tags = ctx.get('If-None-Match');
    if (tags && (tags.trim() === '*' || tags.split(',').some((tag) => tag.trim().replace(/^W\//, '') === script.etag))) {
      ctx.status = 304;
      return;
    }
    ctx.type = 'text/javascript; charset=utf-8';
    if (ctx.acceptsEncodings('gzip', 'identity') === 'gzip') {
      ctx.set('Content-Encoding', 'gzip');
      ctx.body = script.gzipped;
    } else {
      ctx.body = script.body;
    }
  };
}
