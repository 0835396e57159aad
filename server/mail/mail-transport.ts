/**
 * Where enquiry e-mails go: an SMTP server (SMTP_URL, smtp:// or smtps:// with credentials in the URL), or,
 * without one, an .eml file per enquiry under DATA_DIR/mail/ that any mail client opens.
 */
import { mkdir, rename } from 'node:fs/promises';
import { writeDurably } from '../durable-write.ts';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { EnquiryMessage } from './enquiry-message.ts';

/** How many messages are sent at once. */
export const SEND_CONCURRENCY = 4;

export interface MailTransport {
  send(message: EnquiryMessage): Promise<void>;
  /** Where mail goes, for the startup line: never with the password. */
  describe(): string;
  close(): void;
}

const SMTP_TIMEOUTS_MS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

/** An SMTP answer in the 5xx range is final: the same message would be refused again. */
export function isPermanentFailure(error: unknown): boolean {
  const code = (error as { responseCode?: unknown })?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

export function createMailTransport(smtpUrl: string | undefined, mailDir: string): MailTransport {
  if (smtpUrl) {
    const url = new URL(smtpUrl);
    if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') throw new Error(`SMTP_URL must start with smtp:// or smtps://, not "${url.protocol}//".`);
    // A few pooled connections: a burst of enquiries is not one new SMTP session each.
    const pooled = new URL(smtpUrl);
    if (!pooled.searchParams.has('pool')) pooled.searchParams.set('pool', 'true');
    if (!pooled.searchParams.has('maxConnections')) pooled.searchParams.set('maxConnections', String(SEND_CONCURRENCY));
    // A silent server is given up on within 20 s, not nodemailer's 10 minutes: the PostgreSQL queue takes a
    // send still running after 60 s as lost and hands it to another instance.
    for (const [name, ms] of Object.entries(SMTP_TIMEOUTS_MS)) if (!pooled.searchParams.has(name)) pooled.searchParams.set(name, String(ms));
    const transport = nodemailer.createTransport(pooled.href);
    return {
      async send(message) {
        await transport.sendMail({ ...message, disableFileAccess: true, disableUrlAccess: true });
      },
      describe: () => `the SMTP server ${url.protocol}//${url.hostname}${url.port ? `:${url.port}` : ''}`,
      close: () => transport.close(),
    };
  }
  const writer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  return {
    async send(message) {
      const { message: raw } = (await writer.sendMail({ ...message, disableFileAccess: true, disableUrlAccess: true })) as { message: Buffer };
      await mkdir(mailDir, { recursive: true });
      const name = `${message.messageId.replace(/[^a-z0-9@.-]/gi, '')}.eml`;
      // Written whole, then renamed: a mail client never sees half a message.
      const partial = path.join(mailDir, `.${name}.part`);
      await writeDurably(partial, raw);
      await rename(partial, path.join(mailDir, name));
    },
    describe: () => `.eml files in ${mailDir} (set SMTP_URL to send them by e-mail)`,
    close: () => undefined,
  };
}
