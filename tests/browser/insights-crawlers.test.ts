/**
 * The Insights as a crawler or a feed reader meets them, without running any JavaScript: every article's full
 * text in the server HTML, its BlogPosting data and link-preview tags, the sitemap with every article, and a
 * well-formed RSS feed whose links all work.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseDocument } from 'htmlparser2';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteConfig as site } from '../../src/model/site-config.ts';
import { baseUrl, launchBrowser } from './browser.ts';

const samplesDir = path.resolve(import.meta.dirname, '../../server/api/sample-blogs');
interface Sample {
  slug: string;
  title: string;
  date: string;
  meta_description: string;
  content: Record<string, Array<{ column: string; data: string }>>;
}
let samples: Sample[];
let browser: Browser;

/** The text of some HTML, entities decoded, white space folded. */
function textOf(html: string): string {
  const document = parseDocument(html, { decodeEntities: true });
  const parts: string[] = [];
  const walk = (nodes: typeof document.children) => {
    for (const node of nodes) {
      if (node.type === 'text') parts.push(node.data);
      else if ('children' in node && node.type !== 'script' && node.type !== 'style') walk(node.children);
    }
  };
  walk(document.children);
  return parts.join(' ').replace(/\s+/g, ' ');
}

beforeAll(async () => {
  const files = (await readdir(samplesDir)).filter((f) => f.endsWith('.json'));
  samples = await Promise.all(files.map(async (f) => JSON.parse(await readFile(path.join(samplesDir, f), 'utf8')) as Sample));
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe('an article without JavaScript', () => {
  it('has the text of every description block in the server HTML, for every sample article', async () => {
    expect(samples.length, `sample articles in ${samplesDir}`).toBeGreaterThan(0);
    for (const sample of samples) {
      const html = await (await fetch(`${baseUrl()}/blogs/${sample.slug}`)).text();
      const pageText = textOf(html);
      const blocks = Object.values(sample.content)
        .flat()
        .filter((b) => b.column === 'description');
      expect(blocks.length, sample.slug).toBeGreaterThan(0);
      for (const block of blocks) {
        // Sentence by sentence, so a miss names the text that is missing.
        for (const sentence of textOf(block.data)
          .split(/(?<=[.!?])\s+/)
          .map((s) => s.trim())
          .filter((s) => s.length > 3)) {
          expect(pageText, `${sample.slug}: "${sentence}"`).toContain(sentence);
        }
      }
    }
  });

  it('carries BlogPosting structured data and the article link-preview tags', async () => {
    const sample = samples.find((s) => s.slug === 'what-to-put-in-an-outsourcing-sla')!;
    const html = await (await fetch(`${baseUrl()}/blogs/${sample.slug}`)).text();
    const ld = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!) as Record<string, unknown>);
    const posting = ld.find((d) => d['@type'] === 'BlogPosting')!;
    const url = `${site.settings.siteUrl}/blogs/${sample.slug}`;
    expect(posting).toMatchObject({ headline: sample.title, datePublished: sample.date, url, mainEntityOfPage: { '@id': url }, author: { '@type': 'Organization', name: site.settings.brand }, publisher: { name: site.settings.brand } });
    expect(posting.description).toBe(sample.meta_description);
    expect(String(posting.image)).toMatch(/^https?:\/\/.+\/uploads\//);
    expect(html).toContain('<meta property="og:type" content="article"');
    expect(html).toContain(`<meta property="article:published_time" content="${sample.date}"`);
    expect(html).toMatch(/<meta property="og:image" content="https?:\/\/[^"]+\/uploads\/[^"]+"/);
    expect(html).toContain('<meta property="og:image:width" content="1200"');
    expect(html).toContain('<link rel="alternate" type="application/rss+xml"');
  });
});

describe('discovery', () => {
  it('lists every article in the sitemap with its date, besides the static routes', async () => {
    const res = await fetch(`${baseUrl()}/sitemap.xml`);
    expect(res.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    const xml = await res.text();
    expect(xml.split(`<loc>${site.settings.siteUrl}/blogs/`)).toHaveLength(samples.length + 1); // one entry an article, no more
    for (const sample of samples) expect(xml).toContain(`<loc>${site.settings.siteUrl}/blogs/${sample.slug}</loc><lastmod>${sample.date}</lastmod>`);
    expect(xml).toContain(`<loc>${site.settings.siteUrl}/about</loc>`);
  });

  it('serves a well-formed RSS feed of every article, advertised on the list, whose links all lead to the articles', async () => {
    const list = await (await fetch(`${baseUrl()}/blogs`)).text();
    expect(list).toMatch(/<link rel="alternate" type="application\/rss\+xml" title="[^"]+ Insights" href="\/blogs\/feed.xml"/);
    const res = await fetch(`${baseUrl()}/blogs/feed.xml`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/rss+xml; charset=utf-8');
    const xml = await res.text();
    const page = await browser.newPage();
    try {
      const feed = await page.evaluate((text) => {
        const doc = new DOMParser().parseFromString(text, 'application/xml');
        const error = doc.querySelector('parsererror')?.textContent ?? null;
        const items = [...doc.querySelectorAll('channel > item')].map((item) => ({
          title: item.querySelector('title')?.textContent ?? '',
          link: item.querySelector('link')?.textContent ?? '',
          pubDate: item.querySelector('pubDate')?.textContent ?? '',
          description: item.querySelector('description')?.textContent ?? '',
        }));
        return { error, version: doc.documentElement.getAttribute('version'), items };
      }, xml);
      expect(feed.error).toBeNull();
      expect(feed.version).toBe('2.0');
      expect(feed.items.map((i) => i.title).sort()).toEqual(samples.map((s) => s.title).sort());
      for (const item of feed.items) {
        const sample = samples.find((s) => s.title === item.title)!;
        expect(item.link).toBe(`${site.settings.siteUrl}/blogs/${sample.slug}`);
        expect(new Date(item.pubDate).toISOString().slice(0, 10)).toBe(sample.date.slice(0, 10));
        expect(item.description).toBe(sample.meta_description);
        const article = await fetch(baseUrl() + new URL(item.link).pathname);
        expect(article.status, item.link).toBe(200);
        expect(await article.text()).toContain(sample.title.replace(/&/g, '&amp;'));
      }
    } finally {
      await page.close();
    }
  });
});
