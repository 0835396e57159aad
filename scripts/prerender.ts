/**
 * Prerender every static route into dist/<path>/index.html, the shells of dynamic routes into
 * dist/_shells/<page>.html, the 404 page and robots.txt (the server makes sitemap.xml, with the articles).
 * Pages whose blocks load data (src/render/page-loaders.ts) also get a template in dist-server/render/templates/<page>.html: the server renders them again on each request, with the data.
 * A page is rendered again only when what it is made from changed: its page document (or the fragments it
 * uses), the render bundle, the client's manifest or the page template. Files of routes that are gone are removed.
 */
import { createHash } from 'node:crypto';
import { access, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { distLayout, fillTemplate, HTML_MARKER, htmlFileFor, withHeadTags, type BrowserSourceFiles, type RenderedRoute, type ServerBundle } from '../src/model/dist-layout.ts';
import { pageModulesTags } from '../src/model/page-modules.ts';
import { renderInWorkers } from './prerender-pool.ts';
import { listFiles } from './list-files.ts';

interface ManifestChunk {
  file: string;
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface PrerenderInput {
  root: string;
  distDir: string;
  renderDir: string;
  pagesDir: string;
  /** Page name → hash of what it is rendered from (scripts/write-page-documents.ts). */
  pageHashes: Map<string, string>;
  /** Where the build cache keeps the page template and the key each page was last rendered with. */
  cacheDir: string;
  /** dist/ was just made again by the client build: render every page (its index.html is the template now). */
  renderAll: boolean;
}

export interface PrerenderResult {
  pages: Array<{ path: string; file: string; status: number }>;
  /** The files written now (absolute): the pages rendered again, and robots.txt. */
  written: string[];
}

interface RenderedEntry {
  key: string;
  file: string;
  template: string | null;
}

/**
 * The chunks a list of source files needs, each with its static imports, in the manifest's order of discovery.
 * `start` (the loader's list) begins with the entry (src/boot.ts), the one module the loader imports.
 */
function chunksOf(manifest: Manifest, sources: string[], wanted = new Set<string>()): Set<string> {
  const mark = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || wanted.has(chunk.file)) return;
    wanted.add(chunk.file);
    for (const imported of chunk.imports ?? []) mark(imported);
  };
  for (const source of sources) {
    if (!manifest[source]) throw new Error(`${source} is not in the build manifest; is it imported through src/generated/block-registry.ts or src/boot.ts?`);
    mark(source);
  }
  return wanted;
}

/** The page's module lists (src/model/page-modules.ts): what starts with it, and per island type only what it adds. */
function modulesTags(manifest: Manifest, { atStart, byIsland }: BrowserSourceFiles): string {
  const start = chunksOf(manifest, ['index.html', ...atStart]);
  const islands = Object.fromEntries(Object.entries(byIsland).map(([type, sources]) => [type, [...chunksOf(manifest, sources)].filter((file) => !start.has(file)).map((f) => `/${f}`)]));
  return pageModulesTags(
    [...start].map((f) => `/${f}`),
    islands,
  );
}

/** The render bundle's code, without the page templates the prerender itself writes beside it. */
async function hashBundle(renderDir: string): Promise<string> {
  const hash = createHash('sha1');
  for (const file of await listFiles(renderDir, new Set([distLayout.templatesDir]))) {
    if (/\.(m?js|css|json)$/.test(file)) hash.update(path.relative(renderDir, file)).update(await readFile(file));
  }
  return hash.digest('base64url');
}

const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

/** The page template with its markers: dist/index.html right after the client build, kept in the cache for the builds that skip it. */
async function pageTemplate(distDir: string, cacheDir: string): Promise<string> {
  const kept = path.join(cacheDir, 'page-template.html');
  const built = await readFile(path.join(distDir, 'index.html'), 'utf8').catch(() => '');
  if (built.includes(HTML_MARKER)) {
    await writeFile(kept, built);
    return built;
  }
  const template = await readFile(kept, 'utf8').catch(() => '');
  if (!template.includes(HTML_MARKER)) throw new Error(`dist/index.html has no ${HTML_MARKER} marker and the build cache has no copy: run the whole build again (rm -rf dist .build-cache && npm run build).`);
  return template;
}

export async function prerenderSite({ root, distDir, renderDir, pagesDir, pageHashes, cacheDir, renderAll }: PrerenderInput): Promise<PrerenderResult> {
  await mkdir(cacheDir, { recursive: true });
  const template = await pageTemplate(distDir, cacheDir);
  const manifestText = await readFile(path.join(distDir, '.vite', 'manifest.json'), 'utf8');
  const manifest = JSON.parse(manifestText) as Manifest;
  const entryUrl = pathToFileURL(path.join(renderDir, distLayout.renderEntry)).href;
  const { siteConfig: site } = (await import(entryUrl)) as ServerBundle;

  // Everything every page is made from; each page adds its own document.
  const sharedKey = createHash('sha1')
    .update(template)
    .update(manifestText)
    .update(await hashBundle(renderDir))
    .digest('base64url');
  const renderedFile = path.join(cacheDir, 'prerendered.json');
  const previous = renderAll ? {} : (JSON.parse(await readFile(renderedFile, 'utf8').catch(() => '{}')) as Record<string, RenderedEntry>);
  const current: Record<string, RenderedEntry> = {};

  const all = [...site.routes.map((r) => ({ path: r.path, page: r.page, file: path.join(distDir, htmlFileFor(r.path, r.page)) })), { path: '/__not-found__', page: site.notFoundPage, file: path.join(distDir, distLayout.notFoundFile) }];
  const pages: PrerenderResult['pages'] = [];
  const written: string[] = [];
  const jobs: typeof all = [];
  for (const job of all) {
    const key = createHash('sha1')
      .update(sharedKey)
      .update(job.path)
      .update(pageHashes.get(job.page) ?? '')
      .digest('base64url');
    const before = previous[job.path];
    const upToDate = before?.key === key && before.file === job.file && (await exists(job.file)) && (before.template === null || (await exists(before.template)));
    if (upToDate) {
      current[job.path] = before;
      pages.push({ path: job.path, file: path.relative(root, job.file), status: job.path === '/__not-found__' ? 404 : 200 });
    } else {
      current[job.path] = { key, file: job.file, template: null };
      jobs.push(job);
    }
  }

  const write = async (job: (typeof jobs)[number], rendered: RenderedRoute) => {
    const withModules = withHeadTags(template, modulesTags(manifest, rendered.sourceFiles));
    if (rendered.rendersOnRequest) {
      const templateFile = path.join(renderDir, distLayout.templatesDir, `${rendered.answer.page}.html`);
      await mkdir(path.dirname(templateFile), { recursive: true });
      await writeFile(templateFile, withModules);
      current[job.path]!.template = templateFile;
    }
    await mkdir(path.dirname(job.file), { recursive: true });
    await writeFile(job.file, fillTemplate(withModules, rendered.head, rendered.html));
    written.push(job.file);
    pages.push({ path: job.path, file: path.relative(root, job.file), status: rendered.status });
  };
  // Rendering is CPU-bound: worker threads render, this thread fills the templates and writes the files.
  if (jobs.length > 0) await renderInWorkers(entryUrl, pagesDir, jobs, write);

  // Pages of routes that are gone (a page still routed elsewhere keeps its file).
  const kept = new Set(Object.values(current).map((e) => e.file));
  await Promise.all(
    Object.values(previous)
      .filter((e) => !kept.has(e.file))
      .map((e) => rm(e.file, { force: true })),
  );
  await writeFile(renderedFile, JSON.stringify(current));

  const robots = path.join(distDir, 'robots.txt');
  await writeFile(robots, `User-agent: *\nAllow: /\n\nSitemap: ${site.settings.siteUrl}/sitemap.xml\n`);
  written.push(robots);
  return { pages, written };
}
