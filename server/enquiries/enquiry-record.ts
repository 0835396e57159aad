/**
 * An enquiry as the server keeps it: the form's fields under the form's names (src/features/enquiry/rules.ts),
 * the site it came from, its id and when it arrived. The wire names of the send-email contract are met at two
 * edges only: the HTTP route reads them (send-email.ts), and the stored copies keep them (an outbox line, a
 * database row's `fields`), because outboxes and databases written before this record existed hold them too
 * and `npm run outbox -- --import` reads those as they are.
 */
import { fromWire, toWire, type EnquiryWire } from '../../src/features/enquiry/enquiry-contract.ts';
import { emptyContactValues, type ContactValues } from '../../src/features/enquiry/rules.ts';

export interface EnquiryRecord extends ContactValues {
  id: string;
  receivedAt: string;
  /** The id of the site the form was on (settings.siteId; the wire's `type`). */
  siteId: string;
}

/** The fields of an enquiry as stored: the wire's names. */
export type StoredFields = EnquiryWire;
/** One line of the JSONL outbox. */
export type StoredEnquiry = StoredFields & { id: string; receivedAt: string };

export function storedFieldsOf(record: EnquiryRecord): StoredFields {
  return { ...(toWire(record) as Omit<EnquiryWire, 'type'>), type: record.siteId };
}

export function recordOfStored({ id, receivedAt, ...fields }: StoredEnquiry): EnquiryRecord {
  return { ...emptyContactValues, ...fromWire(fields), id, receivedAt, siteId: fields.type ?? '' };
}

export const storedOf = (record: EnquiryRecord): StoredEnquiry => ({ id: record.id, receivedAt: record.receivedAt, ...storedFieldsOf(record) });
