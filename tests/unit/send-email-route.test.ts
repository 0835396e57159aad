// @vitest-environment node
import http from 'node:http';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiHandler } from '../../server/api/router.ts';
import { createFileStore } from '../../server/enquiries/file-store.ts';
import { EnquiryRefused, sendEnquiry, sendErrors } from '../../src/features/enquiry/send-enquiry.ts';
import { close, listen } from './fixtures/listen.ts';

let server: http.Server;
let base: string;
let dataDir: string;

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'send-email-'));
  const handler = createApiHandler({ enquiries: createFileStore(dataDir), siteId: 'alcyone' });
  server = http.createServer((req, res) => {
    void handler(req, res).then((handled) => {
      if (!handled) res.writeHead(404).end();
    });
  });
  base = await listen(server);
});

afterEach(async () => {
  await close(server);
  await rm(dataDir, { recursive: true, force: true });
});

const valid = {
  fullname: 'Asha Kulkarni',
  email: 'asha@example.com',
  phone: '9876543210',
  looking_for: 'Healthcare & HealthTech',
  about_project: 'We need a 20-seat patient support desk, live by March.',
  type: 'alcyone',
};

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
}

const post = (body: FormData | string, headers?: Record<string, string>) => fetch(`${base}/api/send-email`, { method: 'POST', body, headers });

async function outboxLines(): Promise<string[]> {
  try {
    return (await readFile(path.join(dataDir, 'outbox.jsonl'), 'utf8')).split('\n').filter(Boolean);
  } catch {
    return [];
  }
}

/** A multipart POST from a chosen loopback address (127.0.0.x), so a test can act as many visitors. */
async function postFrom(localAddress: string, fields: Record<string, string>, options: { chunked?: boolean } = {}): Promise<{ status: number; body: unknown }> {
  const encoded = new Response(form(fields));
  const body = Buffer.from(await encoded.arrayBuffer());
  const url = new URL(`${base}/api/send-email`);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        localAddress,
        headers: {
          'Content-Type': encoded.headers.get('content-type')!,
          ...(options.chunked ? { 'Transfer-Encoding': 'chunked' } : { 'Content-Length': body.length }),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) }));
      },
    );
    req.on('error', reject);
    // Chunked: the size is unknown up front, so the server has to count while it reads.
    if (options.chunked) for (let at = 0; at < body.length; at += 8192) req.write(body.subarray(at, at + 8192));
    req.end(options.chunked ? undefined : body);
  });
}

describe('POST /api/send-email', () => {
  it('stores a valid enquiry as one JSON line and answers { status: true }', async () => {
    const res = await post(form(valid));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: true });
    const lines = await outboxLines();
    expect(lines).toHaveLength(1);
    const entry = JSON.parse(lines[0]!);
    expect(entry).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), receivedAt: expect.any(String), ...valid });
    expect(Number.isNaN(Date.parse(entry.receivedAt))).toBe(false);
  });

  it('accepts an enquiry without the optional mobile and industry', async () => {
    const res = await post(form({ ...valid, phone: '', looking_for: '' }));
    expect(res.status).toBe(200);
    expect(await outboxLines()).toHaveLength(1);
  });

  it('answers 422 with the form messages under the wire names, and stores nothing', async () => {
    const res = await post(form({ fullname: 'Al', email: 'not-an-email', phone: '12345', about_project: 'Hi', type: 'alcyone' }));
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({
      status: false,
      errors: {
        fullname: 'Name should be at least 3 characters',
        email: 'Invalid email format',
        phone: 'Mobile number must be exactly 10 digits',
        about_project: 'Message should be at least 10 characters',
      },
    });
    expect(await outboxLines()).toEqual([]);
  });

  it('reports missing required fields', async () => {
    const res = await post(form({ type: 'alcyone' }));
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({
      errors: { fullname: 'Full Name is required', email: 'Email is required', about_project: 'Message is required' },
    });
  });

  it('refuses a JSON body with 415', async () => {
    const res = await post(JSON.stringify(valid), { 'Content-Type': 'application/json' });
    expect(res.status).toBe(415);
    expect(await res.json()).toMatchObject({ status: false, message: expect.stringContaining('multipart/form-data') });
    expect(await outboxLines()).toEqual([]);
  });

  it('refuses a body over 64 KB with 413', async () => {
    const res = await post(form({ ...valid, about_project: 'x'.repeat(4000), padding: 'y'.repeat(70 * 1024) }));
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ status: false });
    expect(await outboxLines()).toEqual([]);
  });

  it('refuses a streamed body over 64 KB with 413 while reading it', async () => {
    const res = await postFrom('127.0.0.1', { ...valid, padding: 'y'.repeat(70 * 1024) }, { chunked: true });
    expect(res.status).toBe(413);
    expect(await outboxLines()).toEqual([]);
  });

  it('refuses a field longer than 5 000 characters with 413', async () => {
    const res = await post(form({ ...valid, about_project: 'é'.repeat(5001) }));
    expect(res.status).toBe(413);
    const ok = await post(form({ ...valid, about_project: 'é'.repeat(5000) }));
    expect(ok.status).toBe(200);
  });

  it('answers 405 to other methods', async () => {
    const res = await fetch(`${base}/api/send-email`);
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST');
  });

  it('answers 429 to the 11th request from one address within a minute', async () => {
    for (let i = 0; i < 10; i++) expect((await post(form(valid))).status).toBe(200);
    const res = await post(form(valid));
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('60');
    expect(await res.json()).toMatchObject({ status: false, message: expect.stringMatching(/wait a minute/) });
    expect(await outboxLines()).toHaveLength(10);
    // Another visitor is not affected.
    expect((await postFrom('127.0.0.2', valid)).status).toBe(200);
  });

  it('keeps 50 concurrent enquiries as 50 whole lines', async () => {
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => postFrom(`127.0.0.${i + 2}`, { ...valid, fullname: `Visitor ${'x'.repeat(i)}`, about_project: `Enquiry number ${i}: ${'detail '.repeat(200)}` })));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    const lines = await outboxLines();
    expect(lines).toHaveLength(50);
    const entries = lines.map((line) => JSON.parse(line) as { about_project: string });
    const numbers = entries.map((e) => Number(/^Enquiry number (\d+):/.exec(e.about_project)?.[1])).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 50 }, (_, i) => i));
  });
});

describe('sendEnquiry against the embedded API', () => {
  const values = {
    name: 'Asha Kulkarni',
    email: 'asha@example.com',
    phone: '',
    industry: 'FinTech & Compliance',
    message: 'We need KYC review support in two languages.',
  };

  it('posts the wire fields with the site id and resolves on { status: true }', async () => {
    await sendEnquiry(values, { host: base, siteId: 'alcyone' });
    const [line] = await outboxLines();
    expect(JSON.parse(line!)).toMatchObject({
      fullname: 'Asha Kulkarni',
      email: 'asha@example.com',
      phone: '',
      looking_for: 'FinTech & Compliance',
      about_project: 'We need KYC review support in two languages.',
      type: 'alcyone',
    });
  });

  it('brings the server’s field errors back under the form’s own field names, end to end', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const refused = sendEnquiry({ ...values, name: 'Al', email: 'nope' }, { host: base });
    await expect(refused).rejects.toThrow(sendErrors.refused);
    await expect(refused).rejects.toMatchObject({ fields: { name: 'Name should be at least 3 characters', email: 'Invalid email format' } });
    await expect(refused).rejects.toBeInstanceOf(EnquiryRefused);
    error.mockRestore();
  });

  it('throws a plain-words error when the API cannot be reached or is too slow', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await expect(sendEnquiry(values, { host: 'http://127.0.0.1:1' })).rejects.toThrow(sendErrors.network);
    const slow = http.createServer(() => undefined);
    const slowHost = await listen(slow);
    await expect(sendEnquiry(values, { host: slowHost, timeoutMs: 50 })).rejects.toThrow(sendErrors.network);
    await close(slow);
    error.mockRestore();
  });

  it('asks the visitor to wait when rate-limited', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    for (let i = 0; i < 10; i++) await sendEnquiry(values, { host: base });
    await expect(sendEnquiry(values, { host: base })).rejects.toThrow(sendErrors.tooMany);
    error.mockRestore();
  });
});
