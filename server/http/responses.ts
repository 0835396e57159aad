/** Answers that are not files of the build: plain text, a page rendered for this request, a failure. */
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { acceptedEncodings, COMPRESS_MIN_BYTES, compressBuffer } from './compression.ts';

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

/** Logs the cause for operators; the visitor gets a plain 500 without details. */
export function sendFailure(req: IncomingMessage, res: ServerResponse, error: unknown): void {
  console.error(`Error while answering ${req.method} ${req.url}:`, error);
  if (res.headersSent) {
    res.destroy();
    return;
  }
  // Drop headers meant for the response that failed (Content-Encoding, ETag …); keep the security ones.
  for (const name of ['Content-Encoding', 'Content-Length', 'ETag', 'Vary', 'Location', 'Allow']) res.removeHeader(name);
  sendText(res, 500, SERVER_ERROR);
}

/** A page rendered for this request: compressed here (it is small), with an ETag from its content. */
export function sendHtml(req: IncomingMessage, res: ServerResponse, html: string): void {
  const raw = Buffer.from(html);
  const encoding = raw.length > COMPRESS_MIN_BYTES ? acceptedEncodings(req.headers['accept-encoding'])[0] : undefined;
  const etag = `W/"${createHash('sha1').update(raw).digest('base64url')}${encoding ? `-${encoding}` : ''}"`;
  res.setHeader('Content-Type', HTML_TYPE);
  res.setHeader('Cache-Control', 'no-cache');
  res.setHeader('Vary', 'Accept-Encoding');
  res.setHeader('ETag', etag);
  if (matchesEtag(req.headers['if-none-match'], etag)) {
    res.statusCode = 304;
    res.end();
    return;
  }
  const body = encoding ? compressBuffer(encoding, raw) : raw;
  if (encoding) res.setHeader('Content-Encoding', encoding);
  res.statusCode = 200;
  res.setHeader('Content-Length', body.length);
  res.end(req.method === 'HEAD' ? undefined : body);
}
