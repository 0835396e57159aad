/**
 * One prerendered page on disk, made in a prerender worker thread (scripts/prerender-worker.mjs), or in the build's
 * thread when only a few pages are rendered (scripts/prerender.ts): the page
 * template filled with its head tags, the modules it needs and its markup, written whole, with its .br and .gz
 * siblings (compressed-siblings.ts); and, for a page that renders on request, its template for the server.
 * Nothing of the page travels back to the main thread but a few names, so its memory stays flat. A worker is
 * one core's lane: its files are written and compressed in its own thread (compressed-siblings.ts inThisThread).
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { distLayout, fillTemplate, withHeadTags, type BrowserSourceFiles, type RenderedRoute, type ServerBundle } from '../src/model/dist-layout.ts';
import { pageModulesTags } from '../src/model/page-modules.ts';
import { inThisThread, writeSiblings, writeWhole } from './compressed-siblings.ts';

export interface ManifestChunk {
  file: string;
  imports?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

/** What every page of one build is written with. */
export interface PageFileContext {
  /** dist/index.html as the client build made it (with its markers). */
  template: string;
  manifest: Manifest;
  renderDir: string;
  /** The build cache's folder of compressed outputs. */
  compressedDir: string;
  /** Brotli quality of a page's own files (precompress.ts BROTLI_QUALITY.pageFile). */
  quality: number;
}

/** What the main thread gives every prerender worker (scripts/prerender.ts). */
export interface PrerenderWorkerData {
  renderEntryUrl: string;
  pagesDir: string;
  context: PageFileContext;
}

/** One page to render: its route's path and the file it goes to (absolute). */
export interface PrerenderJob {
  path: string;
  file: string;
}

/** What the main thread learns of a written page. */
export interface WrittenPage {
  status: RenderedRoute['status'];
  /** The server's template of a page that renders on request (absolute), else null. */
  template: string | null;
  /** The compressed cache's key of the page's siblings, and whether they were compressed now (not copied). */
  key: string;
  compressed: boolean;
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

/** Write the rendered page into `file` (absolute), with its siblings. */
async function writePageFile(context: PageFileContext, file: string, rendered: RenderedRoute): Promise<WrittenPage> {
  const withModules = withHeadTags(context.template, modulesTags(context.manifest, rendered.sourceFiles));
  let template: string | null = null;
  if (rendered.rendersOnRequest) {
    template = path.join(context.renderDir, distLayout.templatesDir, `${rendered.answer.page}.html`);
    mkdirSync(path.dirname(template), { recursive: true });
    await writeWhole(template, withModules, inThisThread);
  }
  const html = Buffer.from(fillTemplate(withModules, rendered.head, rendered.html));
  mkdirSync(path.dirname(file), { recursive: true });
  await writeWhole(file, html, inThisThread);
  const { key, compressed } = await writeSiblings(file, html, context.quality, context.compressedDir, inThisThread);
  return { status: rendered.status, template, key, compressed };
}

/** Render one job's path with the render bundle and write its files, in a prerender worker. A failure says which path, and which file could not be written. */
export async function prerenderPage(bundle: Pick<ServerBundle, 'renderRoute'>, context: PageFileContext, job: PrerenderJob): Promise<WrittenPage> {
  // renderRoute's own message names the path, the page and the block.
  const rendered = await bundle.renderRoute(job.path);
  try {
    return await writePageFile(context, job.file, rendered);
  } catch (error) {
    throw new Error(`The page of ${job.path} could not be written to ${job.file}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
}
