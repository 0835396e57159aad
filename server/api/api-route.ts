/** What an endpoint of the embedded API is, and how it answers: shared by router.ts and every route file. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { EnquiryStore } from '../enquiries/enquiry-store.ts';
import type { Logger } from '../logger.ts';
import type { PageHtml } from './enquiry-answer.ts';

export interface ApiContext {
  req: IncomingMessage;
  res: ServerResponse;
  /** The ":name" segments of the matched pattern, decoded. */
  params: Record<string, string>;
  url: URL;
  /** Where enquiries are stored and counted for the rate limit. */
  enquiries: EnquiryStore;
  /** The visitor's address (behind trusted proxies, the forwarded one): what rate limits count. */
  client: string;
  log: Logger;
  /** settings.siteUrl: the site's public address, whose pages may send enquiries (request-origin.ts). */
  siteUrl?: string;
  /** The site's built pages, which the answers to a form sent without JavaScript are made from. */
  pageHtml?: PageHtml;
}

export interface ApiRoute {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  pattern: string;
  handle: (ctx: ApiContext) => Promise<void> | void;
  /** A GET answered from its parameters alone (jsonRoute): the site server asks it in-process, with no HTTP loopback. */
  answer?: (params: Record<string, string>) => Promise<JsonAnswer>;
}

export interface JsonAnswer {
  status: number;
  body: unknown;
}

/** A GET endpoint whose answer depends on its path alone, served over HTTP and in-process alike. */
export function jsonRoute(pattern: string, answer: (params: Record<string, string>) => Promise<JsonAnswer>): ApiRoute {
  return {
    method: 'GET',
    pattern,
    answer,
    handle: async ({ res, params }) => {
      const { status, body } = await answer(params);
      sendJson(res, status, body);
    },
  };
}

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const json = JSON.stringify(body);
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(json));
  // Answers change with the data (new posts, the outbox): never let a cache keep one.
  res.setHeader('Cache-Control', 'no-store');
  res.end(json);
}
