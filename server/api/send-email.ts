/**
 * POST /api/send-email (contract: src/features/enquiry/enquiry-contract.ts): a multipart enquiry, checked with the form's own
 * rules and the rate limit, and stored for good (server/enquiries/) before `{ status: true }` is answered; 503 when the
 * storage is down.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from '../logger.ts';
import busboy from 'busboy';
import { emptyContactValues, validateEnquiry } from '../../src/features/enquiry/rules.ts';
import { ENQUIRY_FIELDS, fromWire, GUARD_FIELDS, SEND_EMAIL_PATH, toWire, type EnquiryField, type EnquiryWire } from '../../src/features/enquiry/enquiry-contract.ts';
import { isSpam, type GuardValues } from './spam-guard.ts';
import { sendJson, type ApiContext, type ApiRoute } from './api-route.ts';
import type { EnquiryRecord } from '../enquiries/enquiry-record.ts';
import { RATE_WINDOW_MS, StorageUnavailableError } from '../enquiries/enquiry-store.ts';

export const MAX_BODY_BYTES = 64 * 1024;
export const MAX_FIELD_CHARS = 5000;

class RequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

// ---------------------------------------------------------------------------------------------------------
// Multipart parsing with busboy, with the size limits enforced.

function readMultipart(req: IncomingMessage): Promise<{ fields: EnquiryWire; guard: GuardValues }> {
  return new Promise((resolve, reject) => {
    const fields = Object.fromEntries(ENQUIRY_FIELDS.map((name) => [name, ''])) as EnquiryWire;
    const guard: GuardValues = {};
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: req.headers,
        // busboy counts bytes; a field of 5 000 characters may take four bytes each. Characters are checked below.
        limits: { fieldSize: MAX_FIELD_CHARS * 4, fieldNameSize: 100, fields: 20, files: 0, parts: 20 },
      });
    } catch {
      reject(new RequestError(415, 'Send the enquiry as multipart/form-data with a boundary.'));
      return;
    }

    let settled = false;
    const fail = (error: RequestError) => {
      if (settled) return;
      settled = true;
      req.unpipe(parser);
      parser.removeAllListeners();
      parser.on('error', () => undefined);
      // Let the rest of the upload drain so the answer reaches the client rather than a reset connection.
      req.resume();
      reject(error);
    };

    let received = 0;
    req.on('data', (chunk: Buffer) => {
      received += chunk.length;
      if (received > MAX_BODY_BYTES) fail(new RequestError(413, `The enquiry is larger than ${MAX_BODY_BYTES / 1024} KB.`));
    });
    req.on('error', () => fail(new RequestError(400, 'The upload was interrupted.')));

    parser.on('field', (name, value, info) => {
      if (info.valueTruncated || [...value].length > MAX_FIELD_CHARS) {
        fail(new RequestError(413, `A field of the enquiry is longer than ${MAX_FIELD_CHARS} characters.`));
        return;
      }
      if ((ENQUIRY_FIELDS as readonly string[]).includes(name)) fields[name as EnquiryField] = value;
      else if (name === GUARD_FIELDS.honeypot) guard.honeypot = value;
      else if (name === GUARD_FIELDS.fillMs) guard.fillMs = value;
    });
    // Files are not part of the contract: skip their content.
    parser.on('file', (_name, stream) => stream.resume());
    parser.on('partsLimit', () => fail(new RequestError(413, 'The enquiry has too many parts.')));
    parser.on('fieldsLimit', () => fail(new RequestError(413, 'The enquiry has too many fields.')));
    parser.on('error', () => fail(new RequestError(400, 'The enquiry is not well-formed multipart/form-data.')));
    parser.on('close', () => {
      if (settled) return;
      settled = true;
      resolve({ fields, guard });
    });
    req.pipe(parser);
  });
}

/** Nothing was stored, and the visitor is told so in plain words; the form keeps what they typed. */
function sendUnavailable(res: ServerResponse, log: Logger, error: StorageUnavailableError): void {
  log.error({ reason: error.message }, 'An enquiry was refused: its storage is not answering');
  res.setHeader('Retry-After', '60');
  sendJson(res, 503, { status: false, message: 'We could not save your enquiry just now, so nothing was sent. Please try again in a minute or two.' });
}

async function handleSendEmail({ req, res, enquiries, client, log }: ApiContext): Promise<void> {
  let allowed: boolean;
  try {
    allowed = await enquiries.allowRequest(client);
  } catch (error) {
    if (!(error instanceof StorageUnavailableError)) throw error;
    req.resume();
    return sendUnavailable(res, log, error);
  }
  if (!allowed) {
    req.resume();
    res.setHeader('Retry-After', String(RATE_WINDOW_MS / 1000));
    sendJson(res, 429, { status: false, message: 'Too many enquiries from your address. Please wait a minute and try again.' });
    return;
  }

  const contentType = req.headers['content-type'] ?? '';
  if (!/^multipart\/form-data\s*;/i.test(contentType)) {
    req.resume();
    sendJson(res, 415, { status: false, message: `Send the enquiry as multipart/form-data (${ENQUIRY_FIELDS.join(', ')}).` });
    return;
  }
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > MAX_BODY_BYTES) {
    req.resume();
    sendJson(res, 413, { status: false, message: `The enquiry is larger than ${MAX_BODY_BYTES / 1024} KB.` });
    return;
  }

  let fields: EnquiryWire;
  let guard: GuardValues;
  try {
    ({ fields, guard } = await readMultipart(req));
  } catch (error) {
    if (!(error instanceof RequestError)) throw error;
    sendJson(res, error.status, { status: false, message: error.message });
    return;
  }

  const spam = isSpam(guard);
  if (spam) {
    // Answered like any other, before any check, so a bot learns nothing; nobody is sent anything.
    log.info({ client, reason: spam }, 'Enquiry dropped by the spam guard');
    sendJson(res, 200, { status: true });
    return;
  }

  // From here on, the form's names (the wire's are met again only in the 422's errors, which the client reads).
  const values = { ...emptyContactValues, ...fromWire(fields) };
  const formErrors = await validateEnquiry(values);
  if (Object.keys(formErrors).length > 0) {
    sendJson(res, 422, { status: false, errors: toWire(formErrors) });
    return;
  }

  const entry: EnquiryRecord = { ...values, id: randomUUID(), receivedAt: new Date().toISOString(), siteId: fields.type };
  try {
    await enquiries.add(entry);
  } catch (error) {
    if (!(error instanceof StorageUnavailableError)) throw error;
    return sendUnavailable(res, log, error);
  }
  sendJson(res, 200, { status: true });
}

export const sendEmailRoutes: ApiRoute[] = [{ method: 'POST', pattern: SEND_EMAIL_PATH, handle: handleSendEmail }];
