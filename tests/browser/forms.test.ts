/** The contact and help forms end to end: validation, sending, the outbox, failures that keep what was typed. */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { MIN_FILL_MS } from '../../src/features/enquiry/enquiry-contract';
import { connectBrowserForFile, openPage } from './browser';

let browser: Browser;
connectBrowserForFile((connected) => (browser = connected));

/** The spam guard drops what is sent within MIN_FILL_MS of the page opening: wait as long as a person would type. */
const asLongAsAPersonTakes = (page: Page) => page.waitForFunction((ms) => performance.now() > ms, MIN_FILL_MS + 200);

const outbox = async () =>
  (await readFile(path.join(inject('dataDir'), 'outbox.jsonl'), 'utf8').catch(() => ''))
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, string>);

async function fill(page: Page, form: string, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) await page.locator(form).getByLabel(label, { exact: false }).first().fill(value);
}

describe('contact form', () => {
  it('shows the form messages, filters the name and phone as typed, and sends a valid enquiry to the outbox', async () => {
    const { page, context, problems } = await openPage(browser, '/contact');
    const form = '#enquiry form';
    await page.locator(form).getByRole('button', { name: 'Submit Now' }).click();
    const text = () => page.locator(form).textContent();
    await expect.poll(text).toContain('Full Name is required');
    expect(await text()).toContain('Email is required');
    expect(await text()).toContain('Message is required');

    await fill(page, form, { 'Full Name': 'Ada 42 Lovelace!', Email: 'ada@', Mobile: '98a76-54 3210 99', Message: 'Too short' });
    expect(await page.locator(form).getByLabel('Full Name', { exact: false }).inputValue()).toBe('Ada  Lovelace');
    expect(await page.locator(form).getByLabel('Mobile', { exact: false }).inputValue()).toBe('9876543210');
    await page.locator(form).getByRole('button', { name: 'Submit Now' }).click();
    await expect.poll(text).toContain('Invalid email format');
    expect(await text()).toContain('Message should be at least 10 characters');

    const before = (await outbox()).length;
    await fill(page, form, { Email: 'ada@example.com', Message: 'We need a multilingual support desk for our SaaS product.' });
    await asLongAsAPersonTakes(page);
    await page.locator(form).getByRole('button', { name: 'Submit Now' }).click();
    await expect.poll(() => page.getByText('Email Sent Successfully!').count()).toBeGreaterThan(0);
    const lines = await outbox();
    expect(lines.length).toBe(before + 1);
    expect(lines.at(-1)).toMatchObject({ fullname: 'Ada  Lovelace', email: 'ada@example.com', phone: '9876543210', about_project: 'We need a multilingual support desk for our SaaS product.', type: 'alcyone' });
    expect(await page.locator(form).getByLabel('Full Name', { exact: false }).inputValue()).toBe('');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('shows what the server refused beside its field, keeping every value', async () => {
    const { page, context } = await openPage(browser, '/contact');
    // The form checks the same rules first, so only an altered request reaches the server's check: the e-mail is spoiled on the way.
    await page.route('**/api/send-email', async (route) => {
      const body = route.request().postDataBuffer()!.toString('latin1');
      await route.continue({ postData: Buffer.from(body.replace(/(name="email"\r\n\r\n)[^\r]+/, '$1not-an-address'), 'latin1') });
    });
    const form = '#enquiry form';
    await fill(page, form, { 'Full Name': 'Grace Hopper', Email: 'grace@example.com', Message: 'We need a night-shift support desk for our fleet.' });
    await asLongAsAPersonTakes(page);
    await page.locator(form).getByRole('button', { name: 'Submit Now' }).click();
    const email = page.locator(form).getByLabel('Email', { exact: false });
    await expect.poll(() => email.getAttribute('aria-invalid')).toBe('true');
    const describedBy = await email.getAttribute('aria-describedby');
    expect(await page.locator(`[id="${describedBy}"]`).textContent()).toBe('Invalid email format');
    expect(await email.inputValue()).toBe('grace@example.com');
    expect(await page.locator(form).getByLabel('Full Name', { exact: false }).inputValue()).toBe('Grace Hopper');
    await context.close();
  });

  it('answers a form sent faster than a person types as sent, and queues nothing (the spam guard)', async () => {
    const { page, context } = await openPage(browser, '/contact');
    // A bot sends within a second of the page opening. A loaded test machine can take longer than MIN_FILL_MS
    // just to open the page and type, so the request carries a bot's time in place of the one the form measured.
    const sentFillMs: string[] = [];
    await page.route('**/api/send-email', async (route) => {
      const body = route.request().postDataBuffer()!.toString('latin1');
      const field = /(name="fill_ms"\r\n\r\n)(\d+)/;
      sentFillMs.push(field.exec(body)?.[2] ?? 'missing');
      await route.continue({ postData: Buffer.from(body.replace(field, '$1800'), 'latin1') });
    });
    const form = '#enquiry form';
    const before = (await outbox()).length;
    await fill(page, form, { 'Full Name': 'Speedy Bot', Email: 'bot@example.com', Message: 'Buy followers now, cheap and fast.' });
    await page.locator(form).getByRole('button', { name: 'Submit Now' }).click();
    await expect.poll(() => page.getByText('Email Sent Successfully!').count()).toBeGreaterThan(0);
    expect(sentFillMs).toEqual([expect.stringMatching(/^\d+$/)]);
    expect((await outbox()).length).toBe(before);
    // The honeypot is out of the tab order and hidden from assistive technology.
    expect(await page.locator(`${form} input[name="website"]`).getAttribute('tabindex')).toBe('-1');
    expect(await page.locator(`${form} input[name="website"]`).evaluate((el) => el.closest('[aria-hidden="true"]') !== null)).toBe(true);
    await context.close();
  });

  // A failed send, whether the server fails or answers that it did not take the enquiry: an alert in plain
  // words, no success message, and every typed value kept.
  it.each([
    { name: 'keeps every typed value and says so in plain words when sending fails', status: 500 },
    { name: 'treats an answer whose status is not true as a failure, keeping the values', status: 200 },
  ])('$name', async ({ status }) => {
    const { page, context } = await openPage(browser, '/contact');
    await page.route('**/api/send-email', (route) => route.fulfill({ status, contentType: 'application/json', body: '{"status":false}' }));
    const form = '#enquiry form';
    const typed = { 'Full Name': 'Grace Hopper', Email: 'grace@example.com', Message: 'Please call me about payment processing.' };
    await fill(page, form, typed);
    await page.locator(form).getByRole('button', { name: 'Submit Now' }).click();
    await expect.poll(() => page.locator(form).getByRole('alert').count()).toBeGreaterThan(0);
    expect(await page.locator(form).getByRole('alert').first().textContent()).toMatch(/couldn't|try again/i);
    expect(await page.getByText('Email Sent Successfully!').count()).toBe(0);
    for (const [label, value] of Object.entries(typed)) expect(await page.locator(form).getByLabel(label, { exact: false }).first().inputValue()).toBe(value);
    await context.close();
  });

  it('sends one request for a double click and a repeated Enter', async () => {
    const { page, context } = await openPage(browser, '/contact');
    let requests = 0;
    // The answer is held until the second click and the Enter are done, however long they take.
    let answer: () => void = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    await page.route('**/api/send-email', async (route) => {
      requests++;
      await answered;
      await route.fulfill({ status: 200, contentType: 'application/json', body: '{"status":true}' });
    });
    const form = '#enquiry form';
    await fill(page, form, { 'Full Name': 'Dorothy Vaughan', Email: 'dorothy@example.com', Message: 'Looking for a data management team.' });
    await page.locator(form).getByRole('button', { name: 'Submit Now' }).dblclick();
    await page.locator(form).getByLabel('Email', { exact: false }).press('Enter');
    answer();
    await expect.poll(() => page.getByText('Email Sent Successfully!').count()).toBeGreaterThan(0);
    expect(requests).toBe(1);
    await context.close();
  });
});

describe('help center', () => {
  it('filters the questions as you type and says when nothing matches', async () => {
    const { page, context } = await openPage(browser, '/help-center');
    const questions = page.locator('#faq button[aria-expanded]');
    const all = await questions.count();
    expect(all).toBeGreaterThanOrEqual(8);
    expect(await questions.first().getAttribute('aria-expanded')).toBe('true');
    const search = page.getByPlaceholder('Search for questions or topics...');
    await search.fill('language');
    await expect.poll(() => questions.count()).toBeLessThan(all);
    expect(await questions.count()).toBeGreaterThan(0);
    await search.fill('zzqqxx');
    await expect.poll(() => questions.count()).toBe(0);
    expect(await page.locator('#faq').textContent()).toMatch(/no|nothing/i);
    expect(await page.locator('#faq').getByRole('link', { name: 'Get Support' }).getAttribute('href')).toBe('/contact');
    await context.close();
  });

  it('sends the "Do you have more questions?" form through the same call', async () => {
    const { page, context } = await openPage(browser, '/help-center');
    // The form is an island below the fold that hydrates on the visitor's first interaction, not as it scrolls in.
    await page.locator('#more-questions').scrollIntoViewIfNeeded();
    expect(await page.locator('#more-questions').getAttribute('data-hydrated')).toBeNull();
    const form = '#more-questions form';
    expect(await page.locator('#more-questions').textContent()).toContain('Do you have more questions?');
    const before = (await outbox()).length;
    await fill(page, form, { 'Full Name': 'Katherine Johnson', Email: 'kj@example.com', Message: 'How quickly can a pilot team start?' });
    await page.waitForSelector('#more-questions[data-hydrated]');
    await asLongAsAPersonTakes(page);
    await page.locator(form).getByRole('button', { name: 'Send Message' }).click();
    await expect.poll(() => page.getByText('Email Sent Successfully!').count()).toBeGreaterThan(0);
    expect((await outbox()).length).toBe(before + 1);
    await context.close();
  });
});

describe('careers', () => {
  it('lists the seven open positions in the settings city, with the HR address', async () => {
    const { page, context } = await openPage(browser, '/careers');
    const text = (await page.locator('#positions').textContent()) ?? '';
    for (const role of ['Customer Service Associate', 'Sales Agent', 'Trainer', 'Team Leader', 'Assistant Manager', 'Manager', 'Quality Analyst']) expect(text).toContain(role);
    expect(text).toContain('Pune');
    expect(await page.locator('#positions a[href^="mailto:careers@example.com"]').count()).toBeGreaterThan(0);
    await context.close();
  });
});
