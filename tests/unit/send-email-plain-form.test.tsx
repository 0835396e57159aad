// @vitest-environment node
/**
 * The send-email call as a plain form posts it (no JavaScript): over real HTTP, the answers are pages made from
 * the page the form is on (its server HTML, rendered here as the build renders it), with the values kept and
 * every message beside its field; and what is refused (another site, too large, a file, missing fields) is
 * refused as for the site's script, with nothing stored.
 */
import http from 'node:http';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import ContactForm from '../../blocks/contact-form/contact-form';
import { createApiHandler } from '../../server/api/router.ts';
import { createFileStore } from '../../server/enquiries/file-store.ts';
import { BlockEnvironment } from '../../src/kit/block-environment';
import { site } from '../../src/model/site';
import { withDefaults } from './fixtures/with-defaults';
import { close, listen } from './fixtures/listen.ts';

const props = withDefaults('contact-form', {
  variant: 'contact',
  heading: 'Tell us about your project',
  fields: ['name', 'email', 'phone', 'industry', 'message'],
  industryOptions: ['SaaS & Software', 'Healthcare & HealthTech'],
  submitLabel: 'Submit Now',
  successMessage: 'Email Sent Successfully!',
});

/** The /contact page as built: head, header, the form's block marked as an island, footer. */
const contactPage = () =>
  '<!doctype html><html lang="en"><head><title>Contact Us | Example Outsourcing</title><meta property="og:site_name" content="Example Outsourcing" data-head></head><body>' +
  '<header>Site header</header><main id="main" tabindex="-1"><h1>Get in Touch with Us</h1><div data-block="contact-form" id="enquiry" data-island="interaction" data-island-entry="page:1">' +
  renderToString(
    <BlockEnvironment settings={site.settings} route={{ path: '/contact', params: {} }}>
      <ContactForm {...props} />
    </BlockEnvironment>,
  ) +
  '</div></main><footer>Site footer</footer></body></html>';

const OWN_ORIGIN = 'https://www.example.com';
let server: http.Server;
let base: string;
let dataDir: string;

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'send-email-form-'));
  const page = contactPage();
  const handler = createApiHandler({ enquiries: createFileStore(dataDir), siteId: 'alcyone', siteUrl: OWN_ORIGIN, pageHtml: async (p) => (p === '/contact' || p === '/' ? page : undefined) });
  server = http.createServer((req, res) => void handler(req, res).then((handled) => handled || res.writeHead(404).end()));
  base = await listen(server);
});

afterEach(async () => {
  await close(server);
  await rm(dataDir, { recursive: true, force: true });
});

const valid = { type: 'alcyone', page: '/contact', fullname: 'Asha Kulkarni', email: 'asha@example.com', phone: '', looking_for: 'Healthcare & HealthTech', about_project: 'We need a 20-seat patient support desk.', website: '' };

function form(fields: Record<string, string>, file?: string): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  if (file) data.append('attachment', new Blob(['%PDF-1.4 a brief']), file);
  return data;
}

/** As the browser posts a form itself: a navigation that asks for HTML, from a page of the site. */
const asPlainForm = { Accept: 'text/html,application/xhtml+xml,*/*;q=0.8', 'Sec-Fetch-Mode': 'navigate', Origin: OWN_ORIGIN };
const post = (body: FormData, headers: Record<string, string> = asPlainForm) => fetch(`${base}/api/send-email`, { method: 'POST', body, headers });

const outbox = async () => (await readFile(path.join(dataDir, 'outbox.jsonl'), 'utf8').catch(() => '')).split('\n').filter(Boolean);
/** The tag of the control named `name` in the answer page. */
const control = (html: string, name: string) => new RegExp(`<(input|textarea|select)\\b[^>]*name="${name}"[^>]*>`).exec(html)?.[0] ?? '';

describe('a plain form sent to /api/send-email', () => {
  it('stores a valid enquiry and answers with a page that confirms it and leads back', async () => {
    const res = await post(form(valid));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await res.text();
    expect(html).toContain('<title>Your message was sent | Example Outsourcing</title>');
    expect(html).toContain('Thank you, Asha Kulkarni.');
    expect(html).toContain('<a class="button" href="/contact">Back to the page you were on</a>');
    expect(html).toContain('<header>Site header</header>');
    expect(html).not.toContain('<form');
    expect((await outbox()).map((line) => JSON.parse(line) as Record<string, string>)).toMatchObject([{ fullname: 'Asha Kulkarni', looking_for: 'Healthcare & HealthTech', type: 'alcyone' }]);
  });

  it('answers refused fields with 422 and the page again: each typed value in its field, its message beside it, a summary linking to each', async () => {
    const typed = { ...valid, fullname: 'Al', email: '"><script>alert(1)</script>', about_project: 'Too short', looking_for: 'SaaS & Software' };
    const res = await post(form(typed));
    expect(res.status).toBe(422);
    const html = await res.text();
    const summary = /<div class="enquiry-summary" role="alert"[^>]*>([\s\S]*?)<\/div>/.exec(html)?.[1] ?? '';
    expect(summary).toContain('3 fields need another look');
    for (const [name, message] of [
      ['fullname', 'Name should be at least 3 characters'],
      ['email', 'Invalid email format'],
      ['about_project', 'Message should be at least 10 characters'],
    ] as const) {
      const tag = control(html, name);
      const id = /id="([^"]+)"/.exec(tag)![1]!;
      expect(tag).toContain(`aria-describedby="${id}-error"`);
      expect(tag).toContain('aria-invalid="true"');
      expect(html).toContain(`<p id="${id}-error" data-field-error="">${message}</p>`);
      expect(summary).toContain(`<a href="#${id}">`);
    }
    expect(control(html, 'fullname')).toContain('value="Al"');
    expect(control(html, 'email')).toContain('value="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
    expect(html).not.toContain('<script>alert(1)');
    expect(html).toMatch(/name="about_project"[^>]*>Too short<\/textarea>/);
    expect(html).toContain('<option value="SaaS &amp; Software" selected="">');
    // Left as plain HTML: the runtime must not hydrate an empty form over the values.
    expect(html).toContain('<div data-block="contact-form" id="enquiry">');
    expect(await outbox()).toEqual([]);
  });

  it('lists every required field an empty form left out', async () => {
    const res = await post(form({ type: 'alcyone', page: '/contact', website: '' }));
    expect(res.status).toBe(422);
    const html = await res.text();
    const summary = /<div class="enquiry-summary" role="alert"[^>]*>([\s\S]*?)<\/div>/.exec(html)?.[1] ?? '';
    // Each message names its field already: the summary does not say it twice ("Email: Email is required").
    const lines = [...summary.matchAll(/<a href="#[^"]+">([^<]*)<\/a>/g)].map((match) => match[1]);
    expect(lines).toEqual(expect.arrayContaining(['Full Name is required', 'Email is required', 'Message is required']));
  });

  it('refuses a post from another site, or from a page without an address, with 403 and stores nothing', async () => {
    for (const origin of ['https://evil.example', 'null']) {
      const res = await post(form(valid), { ...asPlainForm, Origin: origin });
      expect(res.status).toBe(403);
      expect(await res.text()).toContain('this site takes enquiries only from its own pages');
    }
    const fromScript = await post(form(valid), { Origin: 'https://evil.example' });
    expect(fromScript.status).toBe(403);
    expect(await fromScript.json()).toMatchObject({ status: false });
    expect(await outbox()).toEqual([]);
    // The address the request was made to is the site's own too.
    expect((await post(form(valid), { ...asPlainForm, Origin: base })).status).toBe(200);
  });

  it('refuses a body over 64 KB with 413, and a file part with 400, each as a page that says why', async () => {
    const large = await post(form({ ...valid, about_project: 'x'.repeat(4000), padding: 'y'.repeat(70 * 1024) }));
    expect(large.status).toBe(413);
    expect(await large.text()).toContain('The enquiry is larger than 64 KB.');
    const withFile = await post(form(valid, 'brief.pdf'));
    expect(withFile.status).toBe(400);
    const page = await withFile.text();
    expect(page).toContain('role="alert"');
    expect(page).toContain('this one had a file attached');
    const fromScript = await post(form(valid, 'brief.pdf'), {});
    expect(fromScript.status).toBe(400);
    expect(await outbox()).toEqual([]);
  });

  it('leads back only to a page of this site, whatever the form said', async () => {
    const res = await post(form({ ...valid, page: '//evil.example/contact' }));
    const html = await res.text();
    expect(html).toContain('href="/"');
    expect(html).not.toContain('evil.example');
  });
});
