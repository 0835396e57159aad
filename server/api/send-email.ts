/**
 * POST /api/send-email (contract: src/features/enquiry/enquiry-contract.ts): a multipart enquiry from a page of
 * this site (request-origin.ts), checked with the form's own rules and the rate limit, and stored for good
 * (server/enquiries/) before it is answered as received; 503 when the storage is down. The site's script and the
 * API's clients get JSON (`{ status: true }`); a form the browser posted itself gets a page (enquiry-answer.ts).
 */
import { randomUUID } from 'node:crypto';
import type { Logger } from '../logger.ts';
import { emptyContactValues, validateEnquiry } from '../../src/features/enquiry/rules.ts';
import { ENQUIRY_FIELDS, fromWire, SEND_EMAIL_PATH, type EnquiryWire } from '../../src/features/enquiry/enquiry-contract.ts';
import { isSpam } from './spam-guard.ts';
import type { ApiContext, ApiRoute } from './api-route.ts';
import type { EnquiryRecord } from '../enquiries/enquiry-record.ts';
import { RATE_WINDOW_MS, StorageUnavailableError } from '../enquiries/enquiry-store.ts';
import { MAX_BODY_BYTES, readMultipart, RequestError, type MultipartEnquiry } from './enquiry-multipart.ts';
import { jsonAnswer, pageAnswer, wantsPage, type EnquiryAnswer } from './enquiry-answer.ts';
import { originRefusal } from './request-origin.ts';

/** Nothing was stored, and the visitor is told so in plain words; the form keeps what they typed. */
function refuseUnavailable(answer: EnquiryAnswer, res: ApiContext['res'], log: Logger, error: StorageUnavailableError): Promise<void> {
  log.error({ reason: error.message }, 'An enquiry was refused: its storage is not answering');
  res.setHeader('Retry-After', '60');
  return answer.refuse(503, 'We could not save your enquiry just now, so nothing was sent. Please try again in a minute or two.');
}

async function handleSendEmail({ req, res, enquiries, client, log, siteUrl, pageHtml }: ApiContext): Promise<void> {
  const page = wantsPage(req) ? pageAnswer(req, res, pageHtml) : undefined;
  const answer = page ?? jsonAnswer(res);
  /** Refused before the body is read: it is drained, so the answer reaches the client rather than a reset connection. */
  const refuseUnread = (status: number, message: string) => {
    req.resume();
    return answer.refuse(status, message);
  };

  const foreign = originRefusal(req, siteUrl);
  if (foreign) {
    log.info({ client, origin: req.headers.origin }, 'An enquiry from another site was refused');
    return refuseUnread(403, foreign);
  }

  let allowed: boolean;
  try {
    allowed = await enquiries.allowRequest(client);
  } catch (error) {
    if (!(error instanceof StorageUnavailableError)) throw error;
    req.resume();
    return refuseUnavailable(answer, res, log, error);
  }
  if (!allowed) {
    res.setHeader('Retry-After', String(RATE_WINDOW_MS / 1000));
    return refuseUnread(429, 'Too many enquiries from your address. Please wait a minute and try again.');
  }

  const contentType = req.headers['content-type'] ?? '';
  if (!/^multipart\/form-data\s*;/i.test(contentType)) return refuseUnread(415, `Send the enquiry as multipart/form-data (${ENQUIRY_FIELDS.join(', ')}).`);
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > MAX_BODY_BYTES) return refuseUnread(413, `The enquiry is larger than ${MAX_BODY_BYTES / 1024} KB.`);

  let body: MultipartEnquiry;
  try {
    body = await readMultipart(req);
  } catch (error) {
    if (!(error instanceof RequestError)) throw error;
    return answer.refuse(error.status, error.message);
  }
  const fields: EnquiryWire = body.fields;
  page?.formPage(body.page);

  const spam = isSpam(body.guard);
  if (spam) {
    // Answered like any other, before any check, so a bot learns nothing; nobody is sent anything.
    log.info({ client, reason: spam }, 'Enquiry dropped by the spam guard');
    return answer.accepted(fields);
  }

  // From here on, the form's names (the wire's are met again only in the 422's errors, which the client reads).
  const values = { ...emptyContactValues, ...fromWire(fields) };
  const formErrors = await validateEnquiry(values);
  if (Object.keys(formErrors).length > 0) return answer.invalid(fields, formErrors);

  const entry: EnquiryRecord = { ...values, id: randomUUID(), receivedAt: new Date().toISOString(), siteId: fields.type };
  try {
    await enquiries.add(entry);
  } catch (error) {
    if (!(error instanceof StorageUnavailableError)) throw error;
    return refuseUnavailable(answer, res, log, error);
  }
  return answer.accepted(fields);
}

export const sendEmailRoutes: ApiRoute[] = [{ method: 'POST', pattern: SEND_EMAIL_PATH, handle: handleSendEmail }];
