/**
 * The operator's scenario of several instances, as a host runs them: compiled production servers sharing one
 * real PostgreSQL (a throw-away cluster) behind a proxy trusted through TRUST_PROXY, and one real SMTP server.
 * Mail accepted by a server that is then killed is delivered by the other, exactly once; the rate limit holds
 * across servers; 200 enquiries over both arrive once each; the database going down and coming back, seen by
 * the API and by a visitor in Chromium.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { MIN_FILL_MS } from '../../src/features/enquiry/enquiry-contract.ts';
import { UI_TIMEOUT } from '../timeouts.ts';
import { launchBrowser, openPage } from './browser.ts';
import { allDelivered, arrivals, deliveredBy, sendEnquiry, serversOnPostgres, stopServer } from './compiled-server-fleet.ts';
import { freePort } from '../unit/fixtures/listen.ts';

let browser: Browser;
const env = serversOnPostgres('enquiry-postgres');

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

it(
  'delivers all 40 enquiries accepted by two servers while the SMTP server was down, exactly once, after the first server is killed',
  async () => {
    const databaseUrl = await env.cluster.createDatabase();
    const smtpPort = await freePort();
    // The killed server's sends expire after 10 s, not the default minute: the same expiry and maintenance path,
    // waited out sooner (a send to the local SMTP server takes milliseconds, far from the expiry).
    const shortExpiry = { ENQUIRY_SEND_EXPIRY_S: '10' };
    const [first, second] = await env.fleet.startTwo(databaseUrl, smtpPort, shortExpiry);
    const answers = await Promise.all(Array.from({ length: 40 }, (_, n) => sendEnquiry(n % 2 === 0 ? first : second, n, `203.0.113.${n + 1}`)));
    expect(answers.map((a) => a.status)).toEqual(Array(40).fill(200));
    await expect.poll(() => first.output(), { message: 'the first server tries to deliver' }).toContain('Enquiry not delivered yet; trying again');

    await stopServer(first, 'SIGKILL');
    const sink = await env.mailSink(smtpPort);
    // A send the killed server had in flight comes back once it expires (10 s), the next maintenance (5 s) sees it
    // and its backoff has passed (a minute after five tries: a loaded machine makes more tries before the kill).
    await allDelivered(databaseUrl, 40, 4 * UI_TIMEOUT);
    const counts = arrivals(sink);
    expect([...counts.keys()].sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, n) => n));
    expect([...counts.values()].every((c) => c === 1)).toBe(true);
    expect(new Set(sink.messages.map((m) => m.headers.get('message-id')?.[0])).size).toBe(40);
    expect(deliveredBy(second)).toBe(40);
  },
  6 * UI_TIMEOUT,
);

it(
  'accepts at most 10 enquiries a minute from one visitor across both servers, then answers 429',
  async () => {
    const databaseUrl = await env.cluster.createDatabase();
    const sink = await env.mailSink();
    const [first, second] = await env.fleet.startTwo(databaseUrl, sink.port);
    const statuses: number[] = [];
    for (let n = 0; n < 16; n++) statuses.push((await sendEnquiry(n % 2 === 0 ? first : second, n, '198.51.100.77')).status);
    expect(statuses).toEqual([...Array(10).fill(200), ...Array(6).fill(429)]);
    expect((await sendEnquiry(second, 16, '198.51.100.78')).status).toBe(200);
    await allDelivered(databaseUrl, 11);
  },
  3 * UI_TIMEOUT,
);

it(
  'delivers 200 enquiries sent over both servers, 20 at a time, each exactly once',
  async () => {
    const databaseUrl = await env.cluster.createDatabase();
    const sink = await env.mailSink();
    const [first, second] = await env.fleet.startTwo(databaseUrl, sink.port);
    // 20 visitors at once, each sending 10 (their limit), every other one to the other server.
    const lanes = Array.from({ length: 20 }, async (_, lane) => {
      const statuses: number[] = [];
      for (let k = 0; k < 10; k++) statuses.push((await sendEnquiry((k + lane) % 2 === 0 ? first : second, 20 * k + lane, `198.51.100.${lane + 1}`)).status);
      return statuses;
    });
    expect((await Promise.all(lanes)).flat()).toEqual(Array(200).fill(200));
    await allDelivered(databaseUrl, 200, 2 * UI_TIMEOUT);
    const counts = arrivals(sink);
    expect(counts.size).toBe(200);
    expect([...counts.values()].every((c) => c === 1)).toBe(true);
    expect(new Set(sink.messages.map((m) => m.headers.get('message-id')?.[0])).size).toBe(200);
  },
  5 * UI_TIMEOUT,
);

it(
  'refuses enquiries with a 503 in plain words while the database is down, keeps serving pages and what the visitor typed, and takes them again once it is back',
  async () => {
    const databaseUrl = await env.cluster.createDatabase();
    const sink = await env.mailSink();
    const server = await env.fleet.start(databaseUrl, sink.port);
    const { page, context } = await openPage(browser, '/contact', undefined, { origin: server.base });
    const form = page.locator('#enquiry form');
    await env.cluster.stop();
    try {
      const refused = await sendEnquiry(server, 1, '192.0.2.10');
      expect(refused).toEqual({ status: 503, body: { status: false, message: 'We could not save your enquiry just now, so nothing was sent. Please try again in a minute or two.' } });
      const home = await fetch(`${server.base}/`);
      expect(home.status).toBe(200);
      expect(await home.text()).toContain('<h1');
      expect(await (await fetch(`${server.base}/healthz`)).json()).toMatchObject({ status: 'degraded', enquiries: { storage: 'postgresql', reachable: false } });

      // The visitor's side: the form says it failed and keeps every value.
      for (const [label, value] of Object.entries({ 'Full Name': 'Grace Hopper', Email: 'grace@example.com', Message: 'Night-shift support for our payments desk, from January.' }))
        await form.getByLabel(label, { exact: false }).first().fill(value);
      await page.waitForFunction((ms) => performance.now() > ms, MIN_FILL_MS + 200);
      await form.getByRole('button', { name: 'Submit Now' }).click();
      await expect.poll(() => form.getByRole('alert').count()).toBeGreaterThan(0);
      expect(await form.getByRole('alert').first().textContent()).toMatch(/couldn't|try again/i);
      expect(await form.getByLabel('Full Name', { exact: false }).inputValue()).toBe('Grace Hopper');
      expect(await form.getByLabel('Message', { exact: false }).inputValue()).toBe('Night-shift support for our payments desk, from January.');
    } finally {
      await env.cluster.start();
    }
    await expect.poll(async () => (await sendEnquiry(server, 2, '192.0.2.10')).status, { message: 'an enquiry is accepted again, without a restart' }).toBe(200);
    // The same visitor sends the kept values again.
    await form.getByRole('button', { name: 'Submit Now' }).click();
    await expect.poll(() => page.getByText('Email Sent Successfully!').count()).toBeGreaterThan(0);
    await context.close();

    await allDelivered(databaseUrl, 2);
    expect(sink.messages.map((m) => /Enquiry number (\d+):|Night-shift support/.exec(m.body)?.[0]).sort()).toEqual(['Enquiry number 2:', 'Night-shift support']);
    expect(await (await fetch(`${server.base}/healthz`)).json()).toMatchObject({ status: 'ok', enquiries: { storage: 'postgresql', reachable: true, queued: 0, dead: 0 } });
    expect(server.output()).toContain('An enquiry was refused: its storage is not answering');
    expect(server.output()).not.toContain(env.cluster.password);
  },
  4 * UI_TIMEOUT,
);
