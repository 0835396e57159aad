/**
 * The dev server answers a page with the status the production server gives it: 404 for a path no route leads to
 * and for an article the blog does not have, 200 for the others, its own pages (the editor, the block gallery)
 * included. Over HTTP against the real dev server, on a copy of the repository.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevProject, type DevProject } from '../../scripts/dev-project';

/** A page as a browser asks for it: its status, and whether the body is the app's page. */
async function get(origin: string, urlPath: string): Promise<{ status: number; isPage: boolean }> {
  const response = await fetch(`${origin}${urlPath}`, { headers: { accept: 'text/html' } });
  return { status: response.status, isPage: (await response.text()).includes('<div id="root">') };
}

describe('dev server: the status of a page is production’s', () => {
  let project: DevProject;
  let origin: string;

  beforeAll(async () => {
    project = await startDevProject('dev-status-');
    origin = project.origin;
  });

  afterAll(async () => {
    await project?.close();
  });

  it.each([
    ['an unknown path', '/no-such-page', 404],
    ['an unknown path with a query', '/no-such-page?utm_source=mail', 404],
    ['an unknown article', '/blogs/no-such-article', 404],
    ['a page', '/about', 200],
    ['the home page', '/', 200],
    ['an article the blog has', '/blogs/building-a-multilingual-24-7-support-desk', 200],
    ['the page editor', '/__edit', 200],
    ['the block gallery', '/__blocks', 200],
  ])('%s (%s) answers %i with the page, which shows what it is', async (_what, urlPath, status) => {
    expect(await get(origin, urlPath)).toEqual({ status, isPage: true });
  });

  it('follows an edit of the route table: a new route answers 200 at once, and 404 again once it is removed', async () => {
    const file = path.join(project.dir, 'pages.json');
    const original = await readFile(file, 'utf8');
    const config = JSON.parse(original) as { routes: Array<{ path: string; page: string }> };
    config.routes.push({ path: '/about-again', page: 'about' });
    expect((await get(origin, '/about-again')).status).toBe(404);
    await writeFile(file, `${JSON.stringify(config, null, 2)}\n`);
    await expect.poll(async () => (await get(origin, '/about-again')).status).toBe(200);
    await writeFile(file, original);
    await expect.poll(async () => (await get(origin, '/about-again')).status).toBe(404);
  });
});
