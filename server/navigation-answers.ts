/**
 * `GET /_page?path=/about` (NAVIGATION_ANSWER_PATH): what a path shows, for the browser's client-side navigations (the
 * first page carries its own answer). The route table stays here, so a page's JavaScript does not grow with the
 * number of pages. A page whose blocks load data gets the answer rendered with it (the same render as its HTML);
 * any other page's document is spliced in as it lies on disk: never parsed here.
 */
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import type { RouteTarget } from '../src/model/dist-layout.ts';
import { routeHead, type SiteRoutes } from '../src/model/route-answer.ts';
import { sendJson } from './api/router.ts';
import type { BuildFiles } from './http/build-files.ts';
import { acceptedEncodings, COMPRESS_MIN_BYTES, compressBuffer } from './http/compression.ts';
import { matchesEtag, sendPreparedPage } from './http/responses.ts';
import type { PreparedPage } from './render-on-request.ts';

export interface NavigationAnswerOptions {
  table: SiteRoutes;
  /** distLayout.pagesDir: one `<page>.json` per page document. */
  pagesDir: string;
  files: BuildFiles;
  /** The answer with its loaders' data, for a page that renders on request; "missing" when a loader found nothing; null otherwise. */
  renderedAnswer?: (target: RouteTarget) => Promise<PreparedPage | 'missing' | null>;
}

export type NavigationAnswerHandler = (req: IncomingMessage, res: ServerResponse, search: string) => Promise<void>;

export function createNavigationAnswerHandler({ table, pagesDir, files, renderedAnswer }: NavigationAnswerOptions): NavigationAnswerHandler {
  const readDocument = async (page: string): Promise<Buffer | null> => {
    const file = path.join(pagesDir, `${page}.json`);
    const stats = await files.stats(file);
    if (!stats) return null;
    return (await files.content(file, stats.size)) ?? null;
  };

  return async (req, res, search) => {
    const target = new URLSearchParams(search).get('path');
    if (!target?.startsWith('/')) {
      return sendJson(res, 400, { status: false, message: 'Bad request: add ?path= with a path of this site, like ?path=/about.' });
    }
    const head = routeHead(table, target);
    const rendered = head.kind === 'page' && !head.notFound && renderedAnswer ? await renderedAnswer({ path: target, page: head.page, params: head.params }) : null;
    // Every deploy may change a page: the browser asks again each time, and a 304 costs a few bytes.
    if (rendered && rendered !== 'missing') return sendPreparedPage(req, res, rendered, 'no-cache', 0);
    let body: Buffer;
    if (head.kind === 'redirect') {
      body = Buffer.from(JSON.stringify(head));
    } else {
      const document = await readDocument(head.page);
      // Only a broken deploy gets here: every routed page has its document (the content check and the build see to it).
      if (!document) return sendJson(res, 500, { status: false, message: `The page document ${head.page} is missing from the build. Run npm run build again.` });
      body = Buffer.concat([Buffer.from(`${JSON.stringify(head).slice(0, -1)},"document":`), document, Buffer.from('}')]);
    }
    const encoding = body.length >= COMPRESS_MIN_BYTES ? acceptedEncodings(req.headers['accept-encoding'])[0] : undefined;
    const etag = `"${createHash('sha1').update(body).digest('base64url')}${encoding ? `-${encoding}` : ''}"`;
    res.setHeader('Content-Type', 'application/json; charset=utf-8');
    // Every deploy may change a page: the browser asks again each time, and a 304 costs a few bytes.
    res.setHeader('Cache-Control', 'no-cache');
    res.setHeader('Vary', 'Accept-Encoding');
    res.setHeader('ETag', etag);
    if (matchesEtag(req.headers['if-none-match'], etag)) {
      res.statusCode = 304;
      res.end();
      return;
    }
    const sent = encoding ? compressBuffer(encoding, body) : body;
    if (encoding) res.setHeader('Content-Encoding', encoding);
    res.statusCode = (head.kind === 'page' && head.notFound) || rendered === 'missing' ? 404 : 200;
    res.setHeader('Content-Length', sent.length);
    res.end(req.method === 'HEAD' ? undefined : sent);
  };
}
