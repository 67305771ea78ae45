import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { gzipSync } from 'node:zlib';
import type Koa from 'koa';

/** src/app/assets, from src/app (tsx) or from dist/src/app (the build copies no assets). */
const OWN = new URL(import.meta.url.endsWith('.ts') ? './assets/' : '../../../src/app/assets/', import.meta.url);
const fromPackage = (specifier: string) => createRequire(import.meta.url).resolve(specifier);

interface Asset {
  type: string;
  body: Buffer;
  gzipped: Buffer;
  etag: string;
  /** Fingerprint put into the pages' URLs, so an asset may be cached for a year. */
  version: string;
}

/** The files the pages load, by the name they are served under: the service's own and uPlot from its npm package. */
const SOURCES: Record<string, { path: string | URL; type: string }> = {
  'app.css': { path: new URL('app.css', OWN), type: 'text/css; charset=utf-8' },
  'theme-chart.js': { path: new URL('theme-chart.js', OWN), type: 'text/javascript; charset=utf-8' },
  'uplot.js': { path: fromPackage('uplot/dist/uPlot.iife.min.js'), type: 'text/javascript; charset=utf-8' },
  'uplot.css': { path: fromPackage('uplot/dist/uPlot.min.css'), type: 'text/css; charset=utf-8' },
};

function load(path: string | URL, type: string): Asset {
  const body = readFileSync(path);
  const digest = createHash('sha256').update(body).digest('base64url');
  return { type, body, gzipped: gzipSync(body, { level: 9 }), etag: `"${digest.slice(0, 27)}"`, version: digest.slice(0, 12) };
}

export type AssetName = keyof typeof SOURCES;

export interface AppAssets {
  /** `/app/assets/NAME?v=FINGERPRINT`. */
  url(name: AssetName): string;
  serve: Koa.Middleware;
}

/** Read once at start-up; served with a year's cache for fingerprinted URLs, revalidated by ETag otherwise. */
export function loadAppAssets(): AppAssets {
  const assets = new Map(Object.entries(SOURCES).map(([name, { path, type }]) => [name, load(path, type)]));
  return {
    url: (name) => `/app/assets/${name}?v=${assets.get(name)!.version}`,
    serve: (ctx) => {
      const asset = assets.get(String(ctx.params.name));
      if (!asset) return; // falls through to the 404
      ctx.set('Cache-Control', ctx.query.v === asset.version ? 'public, max-age=31536000, immutable' : 'public, max-age=300, must-revalidate');
      ctx.set('ETag', asset.etag);
      ctx.set('Vary', 'Accept-Encoding');
      if (ctx.get('If-None-Match') === asset.etag) {
        ctx.status = 304;
        return;
      }
      ctx.type = asset.type;
      const gzip = ctx.acceptsEncodings('gzip', 'identity') === 'gzip';
      if (gzip) ctx.set('Content-Encoding', 'gzip');
      ctx.body = gzip ? asset.gzipped : asset.body;
    },
  };
}
