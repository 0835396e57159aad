/** An enquiry's row in PostgreSQL, and the same enquiry as the JSONL outbox and the mail see it. */
import type { OutboxEntry } from '../api/outbox.ts';
import type { DeadLetter } from '../mail/delivery-log.ts';

export interface EnquiryRow {
  id: string;
  received_at: Date;
  fields: Omit<OutboxEntry, 'id' | 'receivedAt'>;
  state: 'queued' | 'delivered' | 'dead';
  attempts: number;
  last_error: string | null;
  dead_at: Date | null;
}

export const entryOfRow = (row: EnquiryRow): OutboxEntry => ({ ...row.fields, id: row.id, receivedAt: row.received_at.toISOString() });

export const deadLetterOfRow = (row: EnquiryRow): DeadLetter => ({
  ...entryOfRow(row),
  failedAt: row.dead_at?.toISOString() ?? '',
  reason: row.last_error ?? 'no reason recorded',
});

/** The row's columns for an entry, in the order of INSERT … (id, received_at, fields). */
export function rowValuesOf(entry: OutboxEntry): [string, string, Omit<OutboxEntry, 'id' | 'receivedAt'>] {
  const { id, receivedAt, ...fields } = entry;
  return [id, receivedAt, fields];
}
