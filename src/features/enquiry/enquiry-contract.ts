/**
 * The send-email call's wire contract: its path and multipart field names. The browser (send-enquiry.ts) and
 * the embedded API (server/api/send-email.ts) both import it.
 */
import type { ContactField } from './rules';

export const SEND_EMAIL_PATH = '/api/send-email';

/** The multipart fields of an enquiry; `type` is the site's id (settings.siteId). */
export const ENQUIRY_FIELDS = ['fullname', 'email', 'phone', 'looking_for', 'about_project', 'type'] as const;
export type EnquiryField = (typeof ENQUIRY_FIELDS)[number];
export type EnquiryWire = Record<EnquiryField, string>;

/**
 * The wire name of each form field: the API's names (the spec fixes them). Both sides speak the form's names
 * (ContactField) and turn them into the wire's at the edge, through toWire and fromWire: the browser when it
 * sends (send-enquiry.ts), the server when it reads a request and when it stores an enquiry as it was sent
 * (server/enquiries/enquiry-record.ts).
 */
export const wireFieldOf = {
  name: 'fullname',
  email: 'email',
  phone: 'phone',
  industry: 'looking_for',
  message: 'about_project',
} as const satisfies Record<ContactField, EnquiryField>;

const CONTACT_FIELDS = Object.keys(wireFieldOf) as ContactField[];

/** The form's fields under their wire names. */
export function toWire<T>(byField: Partial<Record<ContactField, T>>): Partial<Record<EnquiryField, T>> {
  return Object.fromEntries(CONTACT_FIELDS.filter((f) => byField[f] !== undefined).map((f) => [wireFieldOf[f], byField[f]]));
}

/** Wire fields (a multipart enquiry, the API's 422 errors) under the form's names; anything else is dropped. */
export function fromWire<T>(byWire: Partial<Record<string, T>>): Partial<Record<ContactField, T>> {
  return Object.fromEntries(CONTACT_FIELDS.filter((f) => byWire[wireFieldOf[f]] !== undefined).map((f) => [f, byWire[wireFieldOf[f]]]));
}

/**
 * The spam guard's fields, sent by the site's own forms: a honeypot people never see or fill, and how long the
 * visitor had been on the site (since the page started loading) when they sent it. A submission that trips
 * either is answered as accepted and dropped.
 * Other clients of the API may send neither; they are handled as before.
 */
export const GUARD_FIELDS = { honeypot: 'website', fillMs: 'fill_ms' } as const;
/** Faster than this, no person has typed a name, an address and a message. */
export const MIN_FILL_MS = 3000;

/**
 * The site's form is a real form too (docs/architecture.md, "Enquiries"): without JavaScript the browser posts it
 * to SEND_EMAIL_PATH with the fields above and this one, the path of the page it was sent from, so the answer
 * page can show that page again (its errors beside the typed values) and lead back to it.
 */
export const FORM_PAGE_FIELD = 'page';
