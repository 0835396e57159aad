/**
 * Prerender every static route into dist/<path>/index.html, the shells of dynamic routes into
 * dist/_shells/<page>.html, the 404 page and robots.txt (the server makes sitemap.xml, with the articles).
 * Pages whose blocks load data (src/render/page-loaders.ts) also get a template in dist-server/render/templates/<page>.html: the server renders them again on each request, with the data.
 * A page is rendered again only when what it is made from changed: its page document (or the fragments it
 * uses), the render bundle, the client's manifest or the page template. Files of routes that are gone are removed.
 * Worker threads render, write and compress the pages (prerender-worker.mjs, page-file.ts), one per core: this
 * thread only hands out the paths and records what was written. It never loads the render bundle: under tsx's
 * import hooks that took 1.6 s at 100,000 routes (0.25 s natively, as a worker loads it), so even a one-page
 * rebuild renders in a worker.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { distLayout, HTML_MARKER, htmlFileFor } from '../src/model/dist-layout.ts';
import type { SiteConfig } from '../src/generated/pages-json.ts';
import { startWorkers } from './worker-pool.ts';
import { openBuildRecords } from './build-records.ts';
import { missingFiles } from './missing-files.ts';
import { listFiles } from './list-files.ts';
import { writingName } from './compressed-siblings.ts';
import type { Manifest, PrerenderJob, PrerenderWorkerData, WrittenPage } from './page-file.ts';

/** What the prerender reads of pages.json: the same file the render bundle was built from (build.ts rebuilds it when pages.json changes). */
export type PrerenderedSite = Pick<SiteConfig, 'routes' | 'notFoundPage'> & { settings: Pick<SiteConfig['settings'], 'siteUrl'> };

export interface PrerenderSetup {
  root: string;
  distDir: string;
  renderDir: string;
  pagesDir: string;
  /** Where the build cache keeps the page template and, per path, what its page was last rendered from. */
  cacheDir: string;
  /** The build cache's folder of compressed outputs, where the workers find and keep the pages' siblings. */
  compressedDir: string;
  /** Brotli quality of a page's own files (precompress.ts). */
  quality: number;
  /** dist/ was just made again by the client build: render every page (its index.html is the template now). */
  renderAll: boolean;
  /** About how many routes there are (the page documents): the workers' heaps are sized by it. */
  routes: number;
}

export interface PrerenderInput extends PrerenderSetup {
  site: PrerenderedSite;
  /** Page name → hash of what it is rendered from (scripts/write-page-documents.ts). */
  pageHashes: Map<string, string>;
}

export interface PrerenderResult {
  pages: Array<{ path: string; file: string; status: number }>;
  /** The files written now (absolute): the pages rendered again, and robots.txt. */
  written: string[];
  /** The pages written now, by path from distDir → the compressed cache's key of the .br and .gz siblings they have already. */
  compressed: Map<string, string>;
  /** How many of those were compressed now rather than copied from the cache. */
  compressedNow: number;
}

export interface Prerender {
  /**
   * Starts looking, in a worker, for the last build's pages that are gone (render() waits for the answer, and
   * starts it if need be). Best while this thread works and the render workers have loaded: a one-page rebuild
   * starts it with its page documents, after its content check.
   */
  lookForMissing(): void;
  /** Renders the routes whose page changed since they were rendered (every route with `renderAll`), then stops the workers. */
  render(site: PrerenderedSite, pageHashes: Map<string, string>): Promise<PrerenderResult>;
  /** Stops the workers without rendering (the build failed before). */
  close(): Promise<void>;
}

/**
 * Per path, a build record (build-records.ts) of what its page was rendered from and where: the page's hash, the
 * HTML file and the template ('' when the page has none), tab-separated. Their key is what every page is made
 * from (the template, the client manifest, the render bundle).
 */
const recordOf = (pageHash: string, file: string, template: string | null) => `${pageHash}\t${file}\t${template ?? ''}`;

const workerFile = new URL('./prerender-worker.mjs', import.meta.url);
/**
 * A prerender worker's heap limit, by the number of routes. Without one V8 lets the heaps grow with the run: at
 * 100,026 pages the build process held 1.6 to 1.8 GB through the prerender; at 10,026 pages (the prerender alone)
 * 584 MB at its peak, 435 MB with 256 MB a worker, in the same time. What a worker keeps is the render bundle and
 * its route table (35 MB at 100,025 routes) and the page it renders: the rest is garbage, which a heap twice or
 * more that size collects as it goes, where 512 MB a worker took the build past 2.5 GB at 100,026 pages.
 */
const workerHeapMb = (routes: number) => 128 + Math.ceil(routes / 1000);

/** The render bundle's code, without the page templates the prerender itself writes beside it. */
async function hashBundle(renderDir: string): Promise<string> {
  const hash = createHash('sha1');
  for (const file of listFiles(renderDir, new Set([distLayout.templatesDir]))) {
    if (/\.(m?js|css|json)$/.test(file)) hash.update(path.relative(renderDir, file)).update(await readFile(file));
  }
  return hash.digest('base64url');
}

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

/**
 * Starts the prerender: its first worker loads the render bundle while the build goes on (a one-page rebuild
 * starts it before its content check, so neither waits on the other).
 */
export async function startPrerender({ root, distDir, renderDir, pagesDir, cacheDir, compressedDir, quality, renderAll, routes }: PrerenderSetup): Promise<Prerender> {
  await mkdir(cacheDir, { recursive: true });
  await mkdir(compressedDir, { recursive: true });
  const template = await pageTemplate(distDir, cacheDir);
  const manifestText = await readFile(path.join(distDir, '.vite', 'manifest.json'), 'utf8');
  const manifest = JSON.parse(manifestText) as Manifest;
  const renderEntryUrl = pathToFileURL(path.join(renderDir, distLayout.renderEntry)).href;
  // Everything every page is made from; each page adds its own document.
  const sharedKey = createHash('sha1')
    .update(template)
    .update(manifestText)
    .update(await hashBundle(renderDir))
    .digest('base64url');
  const records = await openBuildRecords(path.join(cacheDir, 'prerendered.txt'), sharedKey, { fresh: renderAll });
  let missing: Promise<Set<string>> | undefined;
  const lookForMissing = () => {
    if (missing) return missing;
    const kept: string[] = [];
    for (const record of records.records()) {
      const [, file, template] = record.split('\t');
      kept.push(file!);
      if (template) kept.push(template);
    }
    missing = missingFiles(kept);
    missing.catch(() => {}); // awaited in render(); until then a failure must not end the process
    return missing;
  };
  const workerData: PrerenderWorkerData = { renderEntryUrl, pagesDir, context: { template, manifest, renderDir, compressedDir, quality } };
  // One worker to begin with: a one-page rebuild needs no more, and a second would take the core its content check
  // runs on. The run adds the others when it has the pages for them.
  const pool = startWorkers({ workerFile, workerData, resourceLimits: { maxOldGenerationSizeMb: workerHeapMb(routes) } }, 1);

  return {
    lookForMissing: () => void lookForMissing(),
    close: () => pool.close(),
    async render(site, pageHashes) {
      try {
        return await renderChanged(site, pageHashes);
      } finally {
        await pool.close();
      }
    },
  };

  async function renderChanged(site: PrerenderedSite, pageHashes: Map<string, string>): Promise<PrerenderResult> {
    const gone = await lookForMissing();
    // Paths by joining strings: path.join and path.relative for each of 100,000 routes took a fifth of a second.
    const distPrefix = distDir + path.sep;
    const inDist = (file: string) => distPrefix + (path.sep === '/' ? file : file.split('/').join(path.sep));
    const fromRoot = (file: string) => file.slice(root.length + 1);
    const all = [...site.routes.map((r) => ({ path: r.path, page: r.page, file: inDist(htmlFileFor(r.path, r.page)) })), { path: '/__not-found__', page: site.notFoundPage, file: inDist(distLayout.notFoundFile) }];
    const pages: PrerenderResult['pages'] = [];
    const written: string[] = [];
    const compressed = new Map<string, string>();
    let compressedNow = 0;
    const jobs: Array<PrerenderJob & { pageHash: string }> = [];
    const statusOf = (job: PrerenderJob) => (job.path === '/__not-found__' ? 404 : 200);
    for (const job of all) {
      const pageHash = pageHashes.get(job.page) ?? '';
      const unchanged = `${pageHash}\t${job.file}\t`;
      const record = records.get(job.path);
      const upToDate = record?.startsWith(unchanged) && !gone.has(job.file) && (record.length === unchanged.length || !gone.has(record.slice(unchanged.length)));
      if (upToDate) pages.push({ path: job.path, file: fromRoot(job.file), status: statusOf(job) });
      else jobs.push({ path: job.path, file: job.file, pageHash });
    }

    await pool.run<PrerenderJob & { pageHash: string }, WrittenPage>({
      jobs,
      done: (job, page) => {
        records.set(job.path, recordOf(job.pageHash, job.file, page.template));
        written.push(job.file);
        compressed.set(path.relative(distDir, job.file), page.key);
        if (page.compressed) compressedNow++;
        pages.push({ path: job.path, file: fromRoot(job.file), status: page.status });
      },
      // A worker stopped mid-write may leave its temporary files: no half-written file stays in dist/.
      abandon: (job, thread) => Promise.all([job.file, `${job.file}.br`, `${job.file}.gz`].map((f) => rm(writingName(f, thread), { force: true }))).then(() => {}),
    });

    // Pages of routes that are gone (a page still routed elsewhere keeps its file).
    const routed = new Set(all.map((job) => job.path));
    const files = new Set(all.map((job) => job.file));
    for (const routePath of [...records.names()]) {
      if (routed.has(routePath)) continue;
      const file = records.get(routePath)!.split('\t')[1]!;
      if (!files.has(file)) await rm(file, { force: true });
      records.delete(routePath);
    }
    await records.save();

    const robots = path.join(distDir, 'robots.txt');
    await writeFile(robots, `User-agent: *\nAllow: /\n\nSitemap: ${site.settings.siteUrl}/sitemap.xml\n`);
    written.push(robots);
    return { pages, written, compressed, compressedNow };
  }
}

/** Starts the prerender and renders at once (the tests). */
export async function prerenderSite(input: PrerenderInput): Promise<PrerenderResult> {
  return (await startPrerender(input)).render(input.site, input.pageHashes);
}
