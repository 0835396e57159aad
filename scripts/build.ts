/**
 * npm run build: client bundle, render bundle and compiled server → page documents → prerendered HTML →
 * precompressed files. Incremental: when no code changed since the last build (only page documents did), the
 * bundles and the server are kept, and only the pages whose documents changed are rendered and compressed
 * again. `ensureBuilt()` (npm start) builds only when the sources changed since the last build.
 * The output is the deploy contract of src/model/dist-layout.ts: dist/ and dist-server/.
 */
import { execFile, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { access, cp, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { distLayout } from '../src/model/dist-layout.ts';
import { startPrerender, type PrerenderResult } from './prerender.ts';
import { BROTLI_QUALITY, precompress } from './precompress.ts';
import { buildCacheDir, contentCheckCacheFile as contentCheckCache } from './build-cache.ts';
import { writePageDocuments } from './write-page-documents.ts';
import { createPictureCatalog } from './images/picture-catalog.ts';
import { statFiles, type FileStat } from './file-stats.ts';
import { contentProblem } from './content-check/vite-plugin.ts';
import { createSchemaValidator } from './content-check/schema-validator.ts';

const root = path.resolve(import.meta.dirname, '..');
/** Every path walked starts with it: cut off, not `path.relative` (a tenth of a second at 100,000 pages). */
const rootPrefix = root + path.sep;
const distDir = path.join(root, distLayout.clientDir);
const renderDir = path.join(root, distLayout.renderDir);
const cacheDir = path.join(root, buildCacheDir);
const stampFile = path.join(distDir, distLayout.buildStamp);
const codeStampFile = path.join(cacheDir, 'code-stamp');
/** What the bundles and the compiled server are made from: everything but the page documents. */
const codeSources = ['src', 'blocks', 'schemas', 'public', 'server', 'scripts', 'pages.json', 'content-versions.json', 'index.html', 'vite.config.ts', 'tsconfig.json', 'package-lock.json'];
/**
 * public/images/ holds photographs, which are not code: the picture catalog reads each one a page names, by its
 * content, in every build, so a new one (a studio upload) is encoded by the incremental build without a full one.
 * Its raw copy in dist/images/ is made by a full build only, and the site links none: pages show the variants.
 */
const photographsPrefix = path.join(root, 'public', 'images') + path.sep;
const pagesPrefix = path.join(root, 'pages') + path.sep;
/** Outputs the code makes; an incremental build needs them all. */
const codeOutputs = [path.join(distDir, '.vite', 'manifest.json'), path.join(renderDir, distLayout.renderEntry), path.join(root, distLayout.serverDir, 'main.js')];

/** A fingerprint of files from their stats: every path with its size and modification time, and the API host baked into the bundle. */
function stampFrom(found: Iterable<[string, FileStat]>): string {
  const hash = createHash('sha1');
  for (const [file, { size, mtimeMs }] of found) hash.update(`${file.slice(rootPrefix.length)}:${size}:${mtimeMs}\n`);
  return hash.update(`apiHost:${process.env.VITE_API_HOST ?? ''}`).digest('base64url');
}

/** The fingerprint of these sources (folders or files, from the root), walked in this thread. */
export async function stampOf(sources: string[]): Promise<string> {
  return stampFrom(statFiles(root, sources));
}

const isCode = (file: string) => !file.startsWith(pagesPrefix) && !file.startsWith(photographsPrefix);

/**
 * One walk of the sources: the sources' fingerprint (what `ensureBuilt` compares), the code's (everything but the
 * page documents and the photographs), and each file's stats, which the content check and the page documents go by.
 */
function walkSources(): { stamp: string; code: string; stats: Map<string, FileStat> } {
  const found = statFiles(root, [...codeSources, 'pages']);
  return { stamp: stampFrom(found), code: stampFrom(found.filter(([file]) => isCode(file))), stats: new Map(found) };
}

/**
 * The content check of a full build, in a process of its own: at 10,000 pages it holds every document, and in
 * this process that memory would still be taken while Vite and the prerender workers need theirs.
 */
function checkContentApart(): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, ['--import', 'tsx', path.join(root, 'scripts', 'validate.ts'), '--cache'], { cwd: root, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (!error) return resolve();
      const listed = `${stdout}${stderr}`.trim();
      reject(new Error(`The site content has errors, so nothing was built:\n${listed}\nFix them (file:line:col above) and build again.`));
    });
  });
}

/** From this many pages the bundles are built in a process of their own (bundlesApart). */
const BUNDLES_APART_FROM = 5000;

/**
 * The client and render bundles (build-bundles.ts), in a process of their own: Vite's memory (0.9 GB at 100,000
 * routes) stayed taken in this one, and the prerender's workers started on top of it (2.3 GB at their start).
 * A small site builds them in this process: the second process costs more than a second of its build.
 * Vite prints its own warnings and errors.
 */
function bundlesApart(logLevel: 'info' | 'warn'): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'scripts', 'build-bundles.ts'), logLevel], { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] });
    child.on('error', reject).on('exit', (code, signal) => (code === 0 ? resolve() : reject(new Error(`The bundles could not be built (exit ${code ?? signal}): Vite says why above.`))));
  });
}

export async function buildSite(): Promise<void> {
  const started = performance.now();
  // The stats of every page, taken once: the content check and the page documents go by them too (at 100,000
  // pages each stat pass took a second of a one-page rebuild).
  const { stamp, code, stats } = walkSources();
  const previousCode = await readFile(codeStampFile, 'utf8').catch(() => '');
  const outputsExist = await Promise.all(
    codeOutputs.map((f) =>
      access(f).then(
        () => true,
        () => false,
      ),
    ),
  );
  const reuseCode = code === previousCode && outputsExist.every(Boolean);
  const logLevel = process.env.BUILD_LOG_LEVEL === 'info' ? 'info' : 'warn';
  const pageCount = [...stats.keys()].filter((file) => file.startsWith(pagesPrefix)).length;
  const compressedDir = path.join(cacheDir, 'compressed');
  const prerenderSetup = { root, distDir, renderDir, pagesDir: path.join(root, distLayout.pagesDir), cacheDir, compressedDir, quality: BROTLI_QUALITY.pageFile, renderAll: !reuseCode, routes: pageCount };
  // With the code unchanged the prerender starts first: its worker loads the render bundle on the other core while
  // this one checks the content, and looks for the last build's pages while this one writes the page documents
  // (a second of a one-page rebuild at 100,000 pages).
  let prerender = reuseCode ? await startPrerender(prerenderSetup) : undefined;
  let checked = started;
  let bundlesDone: number, picturesDone: number, rendered: PrerenderResult;
  let pageData: Awaited<ReturnType<typeof writePageDocuments>>;
  const pictures = createPictureCatalog({ publicDir: path.join(root, 'public'), cacheDir: path.join(cacheDir, 'pictures'), distDir });
  try {
    // Compiled once for the content check and the page documents; a schema that does not compile is a content error.
    const validator = await createSchemaValidator(path.join(root, 'schemas')).catch(() => undefined);
    if (reuseCode) {
      const problem = await contentProblem(root, validator, contentCheckCache, stats);
      if (problem) throw new Error(problem);
    } else {
      await rm(codeStampFile, { force: true });
      await checkContentApart();
      checked = performance.now();
      // Vite is imported only when the code changed: loading it took half a second of every one-page rebuild.
      await (pageCount >= BUNDLES_APART_FROM ? bundlesApart(logLevel) : (await import('./build-bundles.ts')).buildBundles(root, logLevel));
    }
    bundlesDone = performance.now();
    if (!validator) throw new Error('The schemas do not compile; npm run validate says where.');
    prerender?.lookForMissing();
    pageData = await writePageDocuments(root, prerenderSetup.pagesDir, path.join(cacheDir, 'page-data.txt'), validator, pictures, stats);
    await pictures.prune();
    picturesDone = performance.now();
    // A full build starts them here: its page documents take long enough that idle workers would only hold memory.
    prerender ??= await startPrerender(prerenderSetup);
    rendered = await prerender.render(pageData.site, pageData.hashes);
  } catch (error) {
    await prerender?.close();
    throw error;
  }
  const { pages, written } = rendered;
  const prerendered = performance.now();
  // The pages have their siblings already (the prerender's workers made them): the rest of dist/ is compressed here.
  const rest = await precompress(distDir, {
    cacheDir: compressedDir,
    isPageFile: (file) => file.endsWith('.html'),
    done: rendered.compressed,
    ...(reuseCode ? { changed: written } : {}),
  });
  const compressed = { files: rest.files + rendered.compressed.size, compressed: rest.compressed + rendered.compressedNow };
  const compressDone = performance.now();
  if (!reuseCode) {
    await cp(path.join(root, 'server', 'api', 'sample-blogs'), path.join(root, distLayout.samplesDir), { recursive: true });
    await writeFile(codeStampFile, code);
  }
  await writeFile(stampFile, stamp);
  const s = (a: number, b: number) => `${((b - a) / 1000).toFixed(1)} s`;
  console.log(
    `Built ${pages.length} pages in ${s(started, performance.now())} ` +
      `(${reuseCode ? `content check ${s(started, bundlesDone)}` : `content check ${s(started, checked)}, bundles and server ${s(checked, bundlesDone)}`}, page documents ${pageData.written} written with pictures ${pictures.counts.encoded} encoded and ${pictures.counts.reused} reused ${s(bundlesDone, picturesDone)}, ` +
      `prerender ${written.length - 1} pages ${s(picturesDone, prerendered)} (written and compressed by its workers), ` +
      `compress the rest ${s(prerendered, compressDone)}; ${compressed.compressed} of ${compressed.files} files compressed now${reuseCode ? '; code unchanged: bundles and server kept' : ''}).`,
  );
}

export async function ensureBuilt(): Promise<void> {
  const previous = await readFile(stampFile, 'utf8').catch(() => '');
  const current = walkSources().stamp;
  if (previous === current) return;
  console.log(previous ? 'Sources changed since the last build; building again…' : 'No build found; building the site…');
  await buildSite();
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const ifNeeded = process.argv.includes('--if-needed');
  (ifNeeded ? ensureBuilt() : buildSite()).catch((error: unknown) => {
    console.error(`\nThe build failed.\n${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
