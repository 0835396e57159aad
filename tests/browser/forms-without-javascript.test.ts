/**
 * The contact form with JavaScript turned off in Chromium, against the compiled production server and a real SMTP
 * server: the browser posts the form itself, an enquiry reaches the outbox and the mail, and a bad one comes back
 * as the page with every message beside its field and the typed values kept.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../unit/fixtures/listen.ts';
import { startSmtpSink, type SmtpSink } from '../unit/fixtures/smtp-sink.ts';
import { connectBrowserForFile, newContext } from './browser';

let browser: Browser;
connectBrowserForFile((connected) => (browser = connected));

const root = path.resolve(import.meta.dirname, '../..');
let dataDir: string;
let sink: SmtpSink;
let server: ChildProcess;
let base: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'forms-no-js-'));
  sink = await startSmtpSink();
  const port = await freePort();
  server = spawn(process.execPath, [path.join(root, 'dist-server', 'main.js')], {
    env: { PATH: process.env.PATH, PORT: String(port), DATA_DIR: dataDir, SMTP_URL: `smtp://127.0.0.1:${sink.port}`, MAIL_TO: 'sales@example.com', LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    for (const stream of [server.stdout!, server.stderr!])
      stream.on('data', (c: Buffer) => {
        output += c.toString();
        if (output.includes('Serving the site at')) resolve();
      });
    server.once('exit', (code) => reject(new Error(`The server exited with ${code} before it served: ${output}`)));
  });
  base = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  if (server.exitCode === null) {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  await sink.close();
  await rm(dataDir, { recursive: true, force: true });
});

const outbox = async () =>
  (await readFile(path.join(dataDir, 'outbox.jsonl'), 'utf8').catch(() => ''))
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, string>);

async function openContactWithoutJavaScript(): Promise<Page> {
  const context = await newContext(browser, { javaScriptEnabled: false, viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(`${base}/contact`);
  return page;
}

/** Sends the form as the browser does itself, and the answer it navigated to. */
async function send(page: Page, values: Record<string, string>) {
  const form = page.locator('#enquiry form');
  for (const [label, value] of Object.entries(values)) await form.getByLabel(label, { exact: false }).fill(value);
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/send-email'));
  await form.getByRole('button', { name: 'Submit Now' }).click();
  const response = await answer;
  await page.waitForLoadState('domcontentloaded');
  return response;
}

/** axe (WCAG 2.2 AA) on the page, each violation as "rule: where" (axe runs in the page: JavaScript on). */
async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

describe('the contact form without JavaScript', () => {
  it('sends an enquiry to the outbox and the mail, and confirms it with a way back', async () => {
    const page = await openContactWithoutJavaScript();
    await page.locator('#enquiry select').selectOption('Healthcare & HealthTech');
    const response = await send(page, { 'Full Name': 'Mary Jackson', Email: 'mary@example.com', Mobile: '9876543210', Message: 'We need a night-shift support desk in three languages.' });
    expect(response.status()).toBe(200);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Your message is on its way');
    expect(await page.locator('main').textContent()).toContain('we will reply to mary@example.com');
    expect(await page.locator('header').count()).toBeGreaterThan(0);
    expect(await outbox()).toMatchObject([{ fullname: 'Mary Jackson', email: 'mary@example.com', looking_for: 'Healthcare & HealthTech', type: 'alcyone' }]);
    await expect.poll(() => sink.messages.length, { message: 'the enquiry is mailed' }).toBe(1);
    expect(sink.messages[0]!.body).toContain('We need a night-shift support desk in three languages.');

    await page.getByRole('link', { name: 'Back to the page you were on' }).click();
    await page.waitForURL(`${base}/contact`);
    await page.context().close();
  });

  it('shows every field error beside the values the visitor typed, with a summary linking to each field', async () => {
    const page = await openContactWithoutJavaScript();
    const typed = { 'Full Name': 'Al', Email: 'al@', Mobile: '12345', Message: 'Too short' };
    const response = await send(page, typed);
    expect(response.status()).toBe(422);
    const summary = page.getByRole('alert');
    expect(await summary.getByRole('heading').textContent()).toBe('Your message was not sent: 4 fields need another look');
    const form = page.locator('#enquiry form');
    const messages = { 'Full Name': 'Name should be at least 3 characters', Email: 'Invalid email format', Mobile: 'Mobile number must be exactly 10 digits', Message: 'Message should be at least 10 characters' };
    for (const [label, value] of Object.entries(typed)) {
      const field = form.getByLabel(label, { exact: false });
      expect(await field.inputValue()).toBe(value);
      expect(await field.getAttribute('aria-invalid')).toBe('true');
      const message = messages[label as keyof typeof messages];
      expect(await page.locator(`[id="${await field.getAttribute('aria-describedby')}"]`).textContent()).toBe(message);
      // The summary names the field unless its message does ("Mobile number must be …").
      const line = message.startsWith(label) ? message : `${label}: ${message}`;
      expect(await summary.getByRole('link', { name: line, exact: true }).getAttribute('href')).toBe(`#${await field.getAttribute('id')}`);
    }
    expect(await outbox()).toHaveLength(1);
    await page.context().close();
  });

  it('answers with pages that pass axe, the refusal and the confirmation alike', async () => {
    // axe needs JavaScript in the page: the form is posted natively from a page that has it, as before it hydrated.
    const context = await newContext(browser, { viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    for (const name of ['Al', 'Dorothy Vaughan']) {
      await page.goto(`${base}/contact`);
      await page.evaluate((fullname) => {
        const form = document.querySelector<HTMLFormElement>('#enquiry form')!;
        const set = (field: string, value: string) => ((form.elements.namedItem(field) as HTMLInputElement).value = value);
        set('fullname', fullname);
        set('email', 'dorothy@example.com');
        set('about_project', 'We need a data annotation team for a pilot.');
        form.submit();
      }, name);
      await page.waitForURL('**/api/send-email');
      await page.waitForSelector('html[data-hydrated]');
      expect(await axeViolations(page)).toEqual([]);
    }
    await context.close();
  });
});
