/** Answers that are not files of the build: plain text, a page rendered for this request, a failure. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { acceptedEncodings } from './compression.ts';
import type { PreparedPage } from '../render-on-request.ts';

const SERVER_ERROR = 'Something went wrong on our side. Please try again in a moment.';

export const HTML_TYPE = 'text/html; charset=utf-8';

export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const strip = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || strip(tag) === strip(etag));
}

export function sendText(res: ServerResponse, status: number, text: string, extraHeaders: Record<string, string> = {}): void {
  res.statusCode = status;
  res.setHeader('Content-Type', 'text/plain; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(text));
  res.setHeader('Cache-Control', 'no-store');
  for (const [name, value] of Object.entries(extraHeaders)) res.setHeader(name, value);
  res.end(text); // Node drops the body of a HEAD answer itself.
}

/** The visitor gets a plain 500 without details; the caller logs the cause. */
export function sendFailure(res: ServerResponse): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  // Drop headers meant for the response that failed (Content-Encoding, ETag …); keep the security ones.
  for (const name of ['Content-Encoding', 'Content-Length', 'ETag', 'Vary', 'Location', 'Allow']) res.removeHeader(name);
  sendText(res, 500, SERVER_ERROR);
}

/** A page or document rendered on request, from the response cache: already compressed, with its ETag and age. */
export function sendPreparedPage(req: IncomingMessage, res: ServerResponse, page: PreparedPage, cacheControl: string, ageS: number): void {
  const encoding = acceptedEncodings(req.headers['accept-encoding'])[0];
  res.setHeader('Content-Type', page.contentType);
  res.setHeader('Cache-Control', cacheControl);
  res.setHeader('Vary', 'Accept-Encoding');
  res.setHeader('Age', String(Math.max(0, Math.floor(ageS))));
  const etag = encoding ? `${page.etag.slice(0, -1)}-${encoding}"` : page.etag;
  res.setHeader('ETag', etag);
  if (matchesEtag(req.headers['if-none-match'], etag)) {
    res.statusCode = 304;
    res.end();
    return;
  }
  const body = encoding === 'br' ? page.br : encoding === 'gzip' ? page.gzip : page.body;
  if (encoding) res.setHeader('Content-Encoding', encoding);
  res.statusCode = 200;
  res.setHeader('Content-Length', body.length);
  res.end(req.method === 'HEAD' ? undefined : body);
}
