/**
 * How the send-email call answers: JSON to the site's script (fetch) and to the API's other clients, as the
 * contract says; an HTML page to a form the browser posted itself (no JavaScript, or not yet), which navigates
 * to whatever we answer. The checks before an answer are the same for both.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { toWire, type EnquiryWire } from '../../src/features/enquiry/enquiry-contract.ts';
import { DEFAULT_FIELD_LABELS, type ContactErrors } from '../../src/features/enquiry/rules.ts';
import { sendJson } from './api-route.ts';
import { HTML_TYPE, sendText } from '../http/responses.ts';
import { invalidPage, refusedPage, sentPage } from './enquiry-page.ts';

/** The built HTML of the site's page at a path; undefined when the path is no page (or there is no build). */
export type PageHtml = (path: string) => Promise<string | undefined>;

export interface EnquiryAnswer {
  refuse(status: number, message: string): Promise<void>;
  invalid(fields: EnquiryWire, errors: ContactErrors): Promise<void>;
  accepted(fields: EnquiryWire): Promise<void>;
}

/** A navigation (a form's post) rather than fetch: the browser says so in Sec-Fetch-Mode, or asks for HTML. */
export function wantsPage(req: IncomingMessage): boolean {
  return req.headers['sec-fetch-mode'] === 'navigate' || /\btext\/html\b/i.test(req.headers.accept ?? '');
}

export function jsonAnswer(res: ServerResponse): EnquiryAnswer {
  return {
    refuse: async (status, message) => sendJson(res, status, { status: false, message }),
    // The form's messages under the wire's names, which the client reads back (send-enquiry.ts).
    invalid: async (_fields, errors) => sendJson(res, 422, { status: false, errors: toWire(errors) }),
    accepted: async () => sendJson(res, 200, { status: true }),
  };
}

const FALLBACK_LABELS = toWire(DEFAULT_FIELD_LABELS);

/** A path of this site, never another site's address ("//evil.example", "/\\evil.example"). */
const isOwnPath = (path: string | undefined): path is string => path !== undefined && /^\/(?![/\\])[^\s\\]*$/.test(path);

/**
 * Answers with pages made from the page the form was on: `formPage()` says which, once the body is read (the
 * FORM_PAGE_FIELD it sent); before that, and for a path that is no page, the page the browser came from (its
 * Referer, on this host) or the home page.
 */
export function pageAnswer(req: IncomingMessage, res: ServerResponse, pageHtml: PageHtml | undefined): EnquiryAnswer & { formPage(path: string | undefined): void } {
  let sentFrom: string | undefined;
  const referer = req.headers.referer && URL.canParse(req.headers.referer) ? new URL(req.headers.referer) : undefined;
  const cameFrom = referer && referer.host === req.headers.host ? referer.pathname : undefined;

  /** The page to build on and the path to lead back to. */
  const where = async (): Promise<{ template: string | undefined; back: string }> => {
    for (const path of [sentFrom, cameFrom, '/']) {
      if (!isOwnPath(path)) continue;
      const template = await pageHtml?.(path);
      if (template || !pageHtml) return { template, back: path };
    }
    return { template: undefined, back: '/' };
  };
  const send = (status: number, html: string) => sendText(res, status, html, { 'Content-Type': HTML_TYPE });
  return {
    formPage: (path) => (sentFrom = path),
    refuse: async (status, message) => {
      const { template, back } = await where();
      send(status, refusedPage(template, message, back));
    },
    invalid: async (fields, errors) => send(422, invalidPage((await where()).template, fields, toWire(errors), FALLBACK_LABELS)),
    accepted: async (fields) => {
      const { template, back } = await where();
      send(200, sentPage(template, fields, back));
    },
  };
}
