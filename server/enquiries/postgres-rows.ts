/** An enquiry's row in PostgreSQL, and the same enquiry as a record (enquiry-record.ts: `fields` keeps the stored names). */
import type { DeadLetter } from './delivery-log.ts';
import { recordOfStored, storedFieldsOf, type EnquiryRecord, type StoredFields } from './enquiry-record.ts';

export interface EnquiryRow {
  id: string;
  received_at: Date;
  fields: StoredFields;
  state: 'queued' | 'delivered' | 'dead';
  attempts: number;
  last_error: string | null;
  dead_at: Date | null;
}

export const recordOfRow = (row: EnquiryRow): EnquiryRecord => recordOfStored({ ...row.fields, id: row.id, receivedAt: row.received_at.toISOString() });

export const deadLetterOfRow = (row: EnquiryRow): DeadLetter => ({
  ...recordOfRow(row),
  failedAt: row.dead_at?.toISOString() ?? '',
  reason: row.last_error ?? 'no reason recorded',
});

/** The row's columns for a record, in the order of INSERT … (id, received_at, fields). */
export function rowValuesOf(record: EnquiryRecord): [string, string, StoredFields] {
  return [record.id, record.receivedAt, storedFieldsOf(record)];
}
