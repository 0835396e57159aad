/**
 * One enquiry as one e-mail for the sales team: to MAIL_TO, Reply-To the visitor, a subject naming the visitor
 * and what they look for, every field in a plain-text body, and a Message-ID made from the enquiry's id (so a
 * message sent twice is recognisably the same one). Values that go into headers lose every CR and LF first:
 * a field can never add a header or a recipient.
 */
import type { EnquiryRecord } from '../enquiries/enquiry-record.ts';

export interface MailAddresses {
  to: string;
  from: string;
  /** The site's host, for Message-IDs. */
  host: string;
}

export interface EnquiryMessage {
  messageId: string;
  from: string;
  to: string;
  replyTo?: string;
  subject: string;
  text: string;
  date: Date;
}

/** Header text on one line: CR, LF and the other control characters become spaces. */
export function headerSafe(value: string): string {
  return value.replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ').trim();
}

/** A single plain address, or nothing: anything that could name a second recipient is refused. */
function singleAddress(value: string): string | undefined {
  const address = headerSafe(value);
  return /^[^\s@,;<>"()[\]\\]+@[^\s@,;<>"()[\]\\]+\.[^\s@,;<>"()[\]\\]+$/.test(address) ? address : undefined;
}

export function enquiryMessage(entry: EnquiryRecord, addresses: MailAddresses): EnquiryMessage {
  const name = headerSafe(entry.name) || 'A visitor';
  const topic = headerSafe(entry.industry);
  const replyTo = singleAddress(entry.email);
  const lines = [
    `A new enquiry arrived through the website at ${entry.receivedAt}.`,
    '',
    `Name:          ${entry.name}`,
    `E-mail:        ${entry.email}`,
    `Phone:         ${entry.phone || '(not given)'}`,
    `Looking for:   ${entry.industry || '(not given)'}`,
    `Site:          ${entry.siteId}`,
    `Enquiry id:    ${entry.id}`,
    '',
    'About the project:',
    entry.message,
    '',
    replyTo ? `Reply to this e-mail to answer ${name} directly.` : 'The address given is not a valid e-mail address: answer by phone if one was given.',
  ];
  return {
    messageId: `<enquiry-${entry.id}@${addresses.host}>`,
    from: addresses.from,
    to: addresses.to,
    ...(replyTo ? { replyTo } : {}),
    subject: headerSafe(`Enquiry from ${name}${topic ? `: ${topic}` : ''}`).slice(0, 200),
    text: lines.join('\n'),
    date: new Date(entry.receivedAt),
  };
}
