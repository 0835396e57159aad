/**
 * Reads the send-email call's multipart body with busboy, within its size limits: the contract's fields, the spam
 * guard's, and the page a plain form was sent from. Anything else is refused or dropped: a file part (the form has
 * none), too many parts, a field too long.
 */
import type { IncomingMessage } from 'node:http';
import busboy from 'busboy';
import { ENQUIRY_FIELDS, FORM_PAGE_FIELD, GUARD_FIELDS, type EnquiryField, type EnquiryWire } from '../../src/features/enquiry/enquiry-contract.ts';
import type { GuardValues } from './spam-guard.ts';

export const MAX_BODY_BYTES = 64 * 1024;
export const MAX_FIELD_CHARS = 5000;
/** A page path longer than this is no page of the site. */
const MAX_PAGE_CHARS = 300;

export class RequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export interface MultipartEnquiry {
  fields: EnquiryWire;
  guard: GuardValues;
  /** FORM_PAGE_FIELD as sent: not yet checked to be a page of the site. */
  page?: string;
}

export function readMultipart(req: IncomingMessage): Promise<MultipartEnquiry> {
  return new Promise((resolve, reject) => {
    const fields = Object.fromEntries(ENQUIRY_FIELDS.map((name) => [name, ''])) as EnquiryWire;
    const guard: GuardValues = {};
    let page: string | undefined;
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
      else if (name === FORM_PAGE_FIELD && value.length <= MAX_PAGE_CHARS) page = value;
    });
    // The form has no file input: a file part is not an enquiry of ours (files: 0 makes busboy report it so).
    parser.on('filesLimit', () => fail(new RequestError(400, 'An enquiry carries text fields only, and this one had a file attached. Send it again without the file.')));
    parser.on('file', (_name, stream) => stream.resume());
    parser.on('partsLimit', () => fail(new RequestError(413, 'The enquiry has too many parts.')));
    parser.on('fieldsLimit', () => fail(new RequestError(413, 'The enquiry has too many fields.')));
    parser.on('error', () => fail(new RequestError(400, 'The enquiry is not well-formed multipart/form-data.')));
    parser.on('close', () => {
      if (settled) return;
      settled = true;
      resolve({ fields, guard, page });
    });
    req.pipe(parser);
  });
}
