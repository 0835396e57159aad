/**
 * POST /api/send-email (contract: src/features/enquiry/enquiry-contract.ts): a multipart enquiry, checked with the form's own rules, appended
 * durably to `<dataDir>/outbox.jsonl` before `{ status: true }` is answered.
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { IncomingMessage } from 'node:http';
import busboy from 'busboy';
import { emptyContactValues, validateEnquiry } from '../../src/features/enquiry/rules.ts';
import { ENQUIRY_FIELDS, fromWire, GUARD_FIELDS, SEND_EMAIL_PATH, toWire, type EnquiryField, type EnquiryWire } from '../../src/features/enquiry/enquiry-contract.ts';
import { isSpam, type GuardValues } from './spam-guard.ts';
import { sendJson, type ApiContext, type ApiRoute } from './api-route.ts';
import { appendToOutbox, OUTBOX_FILE, type OutboxEntry } from './outbox.ts';

export const MAX_BODY_BYTES = 64 * 1024;
export const MAX_FIELD_CHARS = 5000;
export const RATE_LIMIT = 10;
export const RATE_WINDOW_MS = 60_000;

class RequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

// ---------------------------------------------------------------------------------------------------------
// Rate limit: a sliding window of request times per client address. One limiter per data directory, so each
// API handler (and each test with its own directory) counts on its own.

const limiters = new Map<string, Map<string, number[]>>();

/** Records the request and says whether it is within the limit. */
function allowRequest(dataDir: string, address: string, now: number): boolean {
  let hits = limiters.get(dataDir);
  if (!hits) limiters.set(dataDir, (hits = new Map()));
  // Forget addresses that have been quiet for a whole window, so the map does not grow without bound.
  if (hits.size > 1000) {
    for (const [key, times] of hits) if (times.every((t) => now - t >= RATE_WINDOW_MS)) hits.delete(key);
  }
  const recent = (hits.get(address) ?? []).filter((t) => now - t < RATE_WINDOW_MS);
  recent.push(now);
  hits.set(address, recent);
  return recent.length <= RATE_LIMIT;
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

async function handleSendEmail({ req, res, dataDir, client, log }: ApiContext): Promise<void> {
  const dir = await dataDir();
  if (!allowRequest(dir, client, Date.now())) {
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

  const formErrors = await validateEnquiry({ ...emptyContactValues, ...fromWire(fields) });
  if (Object.keys(formErrors).length > 0) {
    // Reported under the wire names the client sent.
    sendJson(res, 422, { status: false, errors: toWire(formErrors) });
    return;
  }

  const entry: OutboxEntry = { id: randomUUID(), receivedAt: new Date().toISOString(), ...fields };
  await appendToOutbox(path.join(dir, OUTBOX_FILE), entry);
  sendJson(res, 200, { status: true });
}

export const sendEmailRoutes: ApiRoute[] = [{ method: 'POST', pattern: SEND_EMAIL_PATH, handle: handleSendEmail }];
