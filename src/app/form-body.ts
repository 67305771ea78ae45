import type Koa from 'koa';
import { AppError } from '../http/app-error.js';
import { readBytes } from '../http/read-body.js';
import { decodeUtf8Body } from '../http/utf8-body.js';

const FORM_LIMIT_BYTES = 8 * 1024;

/** An HTML form's fields (application/x-www-form-urlencoded, at most 8 KB of UTF-8). */
export async function readForm(ctx: Koa.Context): Promise<URLSearchParams> {
  if (!ctx.is('application/x-www-form-urlencoded')) {
    throw new AppError(415, 'unsupported-media-type', 'Unsupported media type', 'Send the form as application/x-www-form-urlencoded.');
  }
  return new URLSearchParams(decodeUtf8Body(await readBytes(ctx.req, FORM_LIMIT_BYTES, undefined)));
}
