// @vitest-environment node
/**
 * Enquiry delivery against a real SMTP server (smtp-server on a loopback port): down at first then up, a
 * permanent refusal, CR/LF in every field, .eml files without SMTP_URL, and the spam guard.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { StoredEnquiry } from '../../server/enquiries/enquiry-record.ts';
import { appendToOutbox, OUTBOX_FILE } from '../../server/enquiries/outbox-file.ts';
import { readStates } from '../../server/enquiries/delivery-log.ts';
import { startDelivery, type Delivery } from '../../server/enquiries/file-delivery.ts';
import { createMailTransport } from '../../server/mail/mail-transport.ts';
import { captureLog } from './fixtures/capture-log.ts';
import { startSmtpSink, type SmtpSink } from './fixtures/smtp-sink.ts';

const addresses = { to: 'sales@example.com', from: 'no-reply@www.example.com', host: 'www.example.com' };
let dataDir: string;
let delivery: Delivery | undefined;
let sink: SmtpSink | undefined;

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

/** An outbox line as the send-email route stores it: the wire's names. */
const entry = (over: Partial<StoredEnquiry> = {}): StoredEnquiry => ({
  id: `e-${Math.random().toString(16).slice(2)}`,
  receivedAt: new Date().toISOString(),
  fullname: 'Asha Kulkarni',
  email: 'asha@example.com',
  phone: '9876543210',
  looking_for: 'Healthcare & HealthTech',
  about_project: 'A 20-seat patient support desk, live by March.',
  type: 'alcyone',
  ...over,
});

function deliver(smtpPort: number | undefined, log = captureLog()) {
  const transport = createMailTransport(smtpPort === undefined ? undefined : `smtp://127.0.0.1:${smtpPort}`, path.join(dataDir, 'mail'));
  delivery = startDelivery({ dataDir, transport, addresses, log: log.logger, firstRetryMs: 50, maxRetryMs: 200, rescanMs: 100 });
  return log;
}

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'mail-delivery-'));
});

afterEach(async () => {
  delivery?.stop();
  delivery = undefined;
  await sink?.close();
  sink = undefined;
  await rm(dataDir, { recursive: true, force: true });
});

describe('delivery by SMTP', () => {
  it('sends one message per enquiry: to MAIL_TO, Reply-To the visitor, a subject naming them, every field, a Message-ID from the id', async () => {
    sink = await startSmtpSink();
    deliver(sink.port);
    const queued = entry();
    await appendToOutbox(path.join(dataDir, OUTBOX_FILE), queued);
    await expect.poll(() => sink!.messages.length).toBe(1);
    const [mail] = sink.messages;
    expect(mail!.to).toEqual(['sales@example.com']);
    expect(mail!.from).toBe('no-reply@www.example.com');
    expect(mail!.headers.get('reply-to')).toEqual(['asha@example.com']);
    expect(mail!.headers.get('subject')?.[0]).toContain('Asha Kulkarni');
    expect(mail!.headers.get('message-id')).toEqual([`<enquiry-${queued.id}@www.example.com>`]);
    for (const value of ['9876543210', 'A 20-seat patient support desk, live by March.', queued.receivedAt]) expect(mail!.body).toContain(value);
    await expect.poll(async () => (await readStates(dataDir)).get(queued.id)).toBe('delivered');
  });

  it('keeps trying while the SMTP server is down, and delivers once it is up', async () => {
    const port = await freePort();
    const log = deliver(port);
    const queued = entry();
    await appendToOutbox(path.join(dataDir, OUTBOX_FILE), queued);
    await expect.poll(() => log.lines().filter((l) => l.msg === 'Enquiry not delivered yet; trying again').length).toBeGreaterThanOrEqual(2);
    sink = await startSmtpSink(port);
    await expect.poll(async () => (await readStates(dataDir)).get(queued.id)).toBe('delivered');
    // Once nothing is due, nothing more can be sent: a second copy would be here by now.
    await delivery!.settled();
    expect(sink.messages).toHaveLength(1);
  });

  it('moves an enquiry the server refuses for good (5xx) to the dead letters, with one log line', async () => {
    sink = await startSmtpSink();
    sink.refuseWith(550);
    const log = deliver(sink.port);
    const queued = entry();
    await appendToOutbox(path.join(dataDir, OUTBOX_FILE), queued);
    await expect.poll(async () => (await readStates(dataDir)).get(queued.id)).toBe('dead');
    const dead = (await readFile(path.join(dataDir, 'dead-letter.jsonl'), 'utf8'))
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, string>);
    expect(dead).toEqual([expect.objectContaining({ id: queued.id, email: 'asha@example.com', reason: expect.stringContaining('550') })]);
    expect(log.lines().filter((l) => l.msg === 'Enquiry moved to the dead letters: it cannot be delivered')).toHaveLength(1);
    expect(sink.messages).toHaveLength(0);
  });

  it('never lets a CR or LF in any field add a header or a recipient', async () => {
    sink = await startSmtpSink();
    deliver(sink.port);
    const injected = 'x\r\nBcc: victim@evil.example\r\nX-Injected: yes\nTo: other@evil.example';
    const queued = entry({ fullname: `Mallory${injected}`, email: `m@evil.example${injected}`, phone: injected, looking_for: `SaaS${injected}`, about_project: `Body${injected}`, type: injected });
    await appendToOutbox(path.join(dataDir, OUTBOX_FILE), queued);
    await expect.poll(() => sink!.messages.length).toBe(1);
    const [mail] = sink.messages;
    expect(mail!.to).toEqual(['sales@example.com']);
    expect(mail!.headers.has('bcc')).toBe(false);
    expect(mail!.headers.has('x-injected')).toBe(false);
    expect(mail!.headers.get('to')).toEqual(['sales@example.com']);
    // An address that is not one plain address is not used to reply to.
    expect(mail!.headers.has('reply-to')).toBe(false);
    expect(mail!.headers.get('subject')).toHaveLength(1);
  });
});

describe('delivery without SMTP_URL', () => {
  it('writes each enquiry as an .eml file under DATA_DIR/mail/ that a mail client opens', async () => {
    deliver(undefined);
    const queued = entry();
    await appendToOutbox(path.join(dataDir, OUTBOX_FILE), queued);
    await expect.poll(async () => readdir(path.join(dataDir, 'mail')).catch(() => [])).toEqual([`enquiry-${queued.id}@www.example.com.eml`]);
    const eml = await readFile(path.join(dataDir, 'mail', `enquiry-${queued.id}@www.example.com.eml`), 'utf8');
    expect(eml).toMatch(/^Content-Type: text\/plain/m);
    expect(eml).toMatch(/^To: sales@example\.com\r$/m);
    expect(eml).toMatch(/^Reply-To: asha@example\.com\r$/m);
    expect(eml).toContain('A 20-seat patient support desk');
    expect((await readStates(dataDir)).get(queued.id)).toBe('delivered');
  });
});
