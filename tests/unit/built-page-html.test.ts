// @vitest-environment node
/** The built page a form sent without JavaScript is answered from: found by the route table of the build served now. */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { builtPageHtml } from '../../server/api/built-page-html.ts';
import type { SiteRoutes } from '../../src/model/route-answer.ts';

let dist: string;
beforeAll(async () => {
  dist = await mkdtemp(path.join(os.tmpdir(), 'built-page-html-'));
  for (const [file, html] of [
    ['contact/index.html', '<title>Contact</title>'],
    ['partners/index.html', '<title>Partners</title>'],
  ]) {
    await mkdir(path.dirname(path.join(dist, file!)), { recursive: true });
    await writeFile(path.join(dist, file!), html!);
  }
});
afterAll(() => rm(dist, { recursive: true, force: true }));

it('follows the route table it is given at each call: a page a publish added is found, a shell or an unknown path is not', async () => {
  let table: SiteRoutes = {
    routes: [
      { path: '/contact', page: 'contact' },
      { path: '/blogs/:slug', page: 'blog-article' },
    ],
    redirects: [],
    notFoundPage: 'not-found',
  };
  const pageHtml = builtPageHtml(dist, () => table);
  expect(await pageHtml('/contact')).toBe('<title>Contact</title>');
  expect(await pageHtml('/partners')).toBeUndefined();
  expect(await pageHtml('/blogs/any-article')).toBeUndefined();
  table = { ...table, routes: [...table.routes, { path: '/partners', page: 'partners' }] };
  expect(await pageHtml('/partners')).toBe('<title>Partners</title>');
});
