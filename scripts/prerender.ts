/**
 * Prerender every static route into dist/<path>/index.html, the shells of dynamic routes into
 * dist/_shells/<page>.html, the 404 page and robots.txt (the server makes sitemap.xml, with the articles).
 * Pages that show blog answers also get a template in dist-server/render/templates/<page>.html: the server renders them again on each request, with the answers.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { distLayout, fillTemplate, HTML_MARKER, htmlFileFor, withHeadTags, type RenderedRoute, type ServerBundle } from '../src/model/dist-layout.ts';
import { renderInWorkers } from './prerender-pool.ts';

interface ManifestChunk {
  file: string;
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface PrerenderResult {
  pages: Array<{ path: string; file: string; status: number }>;
}

/**
 * The modules the inline loader (src/loader.ts) preloads when it starts the app: the entry (src/boot.ts)
 * first — the one it imports — then every chunk the app (src/main.tsx) and the page's source files need.
 */
function appModules(manifest: Manifest, sources: string[]): string[] {
  const wanted = new Set<string>();
  const mark = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || wanted.has(chunk.file)) return;
    wanted.add(chunk.file);
    for (const imported of chunk.imports ?? []) mark(imported);
  };
  for (const source of ['index.html', 'src/main.tsx', ...sources]) {
    if (!manifest[source]) throw new Error(`${source} is not in the build manifest; is it imported through src/render/registry.ts or pages/?`);
    mark(source);
  }
  return [...wanted];
}

export async function prerenderSite(root: string, distDir: string, renderDir: string): Promise<PrerenderResult> {
  const template = await readFile(path.join(distDir, 'index.html'), 'utf8');
  if (!template.includes(HTML_MARKER)) throw new Error(`dist/index.html has no ${HTML_MARKER} marker: it was prerendered already. Run the whole build again.`);
  const manifest = JSON.parse(await readFile(path.join(distDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  const entryUrl = pathToFileURL(path.join(renderDir, distLayout.renderEntry)).href;
  const { site } = (await import(entryUrl)) as ServerBundle;

  const jobs: Array<{ path: string; file: string }> = [
    ...site.routes.map((r) => ({ path: r.path, file: path.join(distDir, htmlFileFor(r.path, r.page)) })),
    { path: '/__not-found__', file: path.join(distDir, distLayout.notFoundFile) },
  ];
  const pages: PrerenderResult['pages'] = [];
  const write = async (job: (typeof jobs)[number], rendered: RenderedRoute) => {
    const modules = appModules(manifest, rendered.sourceFiles).map((f) => `/${f}`);
    const pageTemplate = withHeadTags(template, `<meta name="app-modules" content="${modules.join(' ')}">`);
    if (rendered.rendersOnRequest) {
      await mkdir(path.join(renderDir, distLayout.templatesDir), { recursive: true });
      await writeFile(path.join(renderDir, distLayout.templatesDir, `${rendered.page}.html`), pageTemplate);
    }
    await mkdir(path.dirname(job.file), { recursive: true });
    await writeFile(job.file, fillTemplate(pageTemplate, rendered.head, rendered.html));
    pages.push({ path: job.path, file: path.relative(root, job.file), status: rendered.status });
  };
  // Rendering is CPU-bound: worker threads render, this thread fills the templates and writes the files.
  await renderInWorkers(entryUrl, jobs, write);

  await writeFile(path.join(distDir, 'robots.txt'), `User-agent: *\nAllow: /\n\nSitemap: ${site.settings.siteUrl}/sitemap.xml\n`);
  return { pages };
}
