/**
 * The embedded reference API: the same contract as the real backend, so the site runs and is tested on a
 * fresh machine. Used by the production server (server/main.ts) and by Vite's dev and preview servers.
 *
 * An endpoint is one entry in `routes` below: a method, a path pattern ("/api/blog/<siteId>/:slug") and a
 * handler.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { matchPattern } from '../../src/model/routes.ts';
import type { EnquiryStore } from '../enquiries/enquiry-store.ts';
import { silentLogger, type Logger } from '../logger.ts';
import { sendEmailRoutes } from './send-email.ts';
import { createBlogRoutes, SAMPLE_BLOGS_DIR } from './blog.ts';
import { sendJson, type ApiRoute } from './api-route.ts';
import type { PageHtml } from './enquiry-answer.ts';

export type { ApiContext, ApiRoute } from './api-route.ts';
export { sendJson } from './api-route.ts';

/** Answers one request; resolves true when it answered, false to let the caller answer (404). */
/** `client` is the visitor's address as the site server worked it out (TRUST_PROXY); the socket's peer otherwise. */
export type ApiHandler = (req: IncomingMessage, res: ServerResponse, client?: string) => Promise<boolean>;

/** The embedded API: its HTTP handler, and a fetch that asks its path-only GET endpoints in-process (jsonRoute). */
export type EmbeddedApi = ApiHandler & { fetch: typeof fetch };

export interface ApiOptions {
  /** Where enquiries are kept: the server's, chosen by its configuration (server/enquiries/open-store.ts). */
  enquiries: EnquiryStore;
  /** settings.siteId: part of the blog paths. */
  siteId: string;
  /** The articles the blog endpoints serve; the shipped samples by default. */
  samplesDir?: string;
  logger?: Logger;
  /** settings.siteUrl: pages there may send enquiries, besides those of the address a request is made to. */
  siteUrl?: string;
  /** The built pages (builtPageHtml in built-page-html.ts), for the pages a form sent without JavaScript gets back. */
  pageHtml?: PageHtml;
}

export function createApiHandler(options: ApiOptions): EmbeddedApi {
  const routes: ApiRoute[] = [
    { method: 'GET', pattern: '/api/health', handle: ({ res }) => sendJson(res, 200, { status: true }) },
    ...sendEmailRoutes,
    ...createBlogRoutes({ samplesDir: options.samplesDir ?? SAMPLE_BLOGS_DIR, siteId: options.siteId }),
  ];
  const { enquiries } = options;

  const log = options.logger ?? silentLogger;
  const handle: ApiHandler = async (req, res, client = req.socket.remoteAddress ?? 'unknown') => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const method = req.method === 'HEAD' ? 'GET' : (req.method ?? 'GET');
    const matching = routes.map((route) => ({ route, params: matchPattern(route.pattern, url.pathname) })).filter((m): m is { route: ApiRoute; params: Record<string, string> } => m.params !== null);
    if (matching.length === 0) return false;

    const hit = matching.find((m) => m.route.method === method);
    if (!hit) {
      const allowed: string[] = [...new Set(matching.map((m) => m.route.method))];
      if (allowed.includes('GET')) allowed.push('HEAD');
      res.setHeader('Allow', allowed.join(', '));
      sendJson(res, 405, { status: false, message: `${req.method} is not supported at ${url.pathname}; use ${allowed.join(' or ')}.` });
      return true;
    }

    try {
      await hit.route.handle({ req, res, params: hit.params, url, enquiries, client, log, siteUrl: options.siteUrl, pageHtml: options.pageHtml });
    } catch (error) {
      log.error({ method: req.method, path: url.pathname, err: error }, 'The API failed');
      if (!res.headersSent) sendJson(res, 500, { status: false, message: 'Something went wrong on our side. Please try again in a moment.' });
      else res.destroy();
    }
    return true;
  };

  const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json; charset=utf-8' } });
  /** What the server's own pages ask (the blog): answered here, with no request over the network to this very server. */
  const fetchInProcess = async (input: string | URL | Request): Promise<Response> => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
    for (const route of routes) {
      const params = route.answer ? matchPattern(route.pattern, url.pathname) : null;
      if (!params) continue;
      try {
        const { status, body } = await route.answer!(params);
        return json(status, body);
      } catch (error) {
        log.error({ method: 'GET', path: url.pathname, err: error }, 'The API failed');
        return json(500, { status: false, message: 'Something went wrong on our side. Please try again in a moment.' });
      }
    }
    return json(404, { status: false, message: `No API endpoint at ${url.pathname}.` });
  };
  return Object.assign(handle, { fetch: fetchInProcess as typeof fetch });
}
