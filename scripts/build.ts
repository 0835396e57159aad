/**
 * npm run build: client bundle → render bundle → prerendered HTML → precompressed files → compiled server.
 * `ensureBuilt()` (npm start) builds only when the sources changed since the last build.
 * The output is the deploy contract of src/model/dist-layout.ts: dist/ and dist-server/.
 */
import { cp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'vite';
import { distLayout } from '../src/model/dist-layout.ts';
import { prerenderSite } from './prerender.ts';
import { precompress } from './precompress.ts';
import { buildServer } from './build-server.ts';
import { buildCacheDir } from './build-cache.ts';

const root = path.resolve(import.meta.dirname, '..');
const distDir = path.join(root, distLayout.clientDir);
const serverDir = path.join(root, distLayout.serverDir);
const renderDir = path.join(root, distLayout.renderDir);
const stampFile = path.join(distDir, distLayout.buildStamp);
const sources = ['src', 'blocks', 'pages', 'schemas', 'public', 'server', 'pages.json', 'index.html', 'vite.config.ts', 'package-lock.json'];

/** A fingerprint of the inputs: newest modification time, file count and the API host baked into the bundle. */
async function sourceStamp(): Promise<string> {
  let newest = 0;
  let count = 0;
  const visit = async (p: string): Promise<void> => {
    const info = await stat(p).catch(() => null);
    if (!info) return;
    if (info.isDirectory()) {
      for (const name of await readdir(p)) await visit(path.join(p, name));
    } else {
      newest = Math.max(newest, info.mtimeMs);
      count++;
    }
  };
  for (const s of sources) await visit(path.join(root, s));
  return JSON.stringify({ newest, count, apiHost: process.env.VITE_API_HOST ?? '' });
}

/** HTML pages and the chunks of page documents belong to one page each; the rest is shared (see BROTLI_QUALITY). */
async function pageFileTest(): Promise<(file: string) => boolean> {
  const manifest = JSON.parse(await readFile(path.join(distDir, '.vite', 'manifest.json'), 'utf8')) as Record<string, { file: string; src?: string }>;
  const pageChunks = new Set(Object.values(manifest).filter((c) => c.src?.startsWith('pages/')).map((c) => path.join(distDir, c.file)));
  return (file) => file.endsWith('.html') || pageChunks.has(file);
}

export async function buildSite(): Promise<void> {
  const started = performance.now();
  const stamp = await sourceStamp();
  const logLevel = process.env.BUILD_LOG_LEVEL === 'info' ? 'info' : 'warn';
  // Vite takes an existing NODE_ENV over the build mode: under vitest (NODE_ENV=test) the "production" build
  // would ship React's development build and the dev-only block gallery. Always build what ships.
  const callerNodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  let clientDone: number;
  let renderDone: number;
  try {
    await rm(serverDir, { recursive: true, force: true });
    await build({ root, logLevel, mode: 'production', build: { outDir: distDir, emptyOutDir: true } });
    clientDone = performance.now();
    await build({ root, logLevel, mode: 'production', build: { ssr: 'src/entry-server.tsx', outDir: renderDir, emptyOutDir: true, manifest: false, copyPublicDir: false } });
    renderDone = performance.now();
  } finally {
    if (callerNodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = callerNodeEnv;
  }
  const { pages } = await prerenderSite(root, distDir, renderDir);
  const prerendered = performance.now();
  const compressed = await precompress(distDir, { cacheDir: path.join(root, buildCacheDir, 'compressed'), isPageFile: await pageFileTest() });
  const compressDone = performance.now();
  await buildServer(root, logLevel);
  await cp(path.join(root, 'server', 'api', 'sample-blogs'), path.join(root, distLayout.samplesDir), { recursive: true });
  await writeFile(stampFile, stamp);
  const s = (a: number, b: number) => `${((b - a) / 1000).toFixed(1)} s`;
  console.log(
    `Built ${pages.length} pages in ${s(started, performance.now())} ` +
      `(client ${s(started, clientDone)}, render bundle ${s(clientDone, renderDone)}, prerender ${s(renderDone, prerendered)}, ` +
      `compress ${s(prerendered, compressDone)} for ${compressed.compressed} of ${compressed.files} files, server ${s(compressDone, performance.now())}).`,
  );
}

export async function ensureBuilt(): Promise<void> {
  const [previous, current] = await Promise.all([readFile(stampFile, 'utf8').catch(() => ''), sourceStamp()]);
  if (previous === current) return;
  console.log(previous ? 'Sources changed since the last build; building again…' : 'No build found; building the site…');
  await buildSite();
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const ifNeeded = process.argv.includes('--if-needed');
  if (!ifNeeded) await rm(stampFile, { force: true });
  (ifNeeded ? ensureBuilt() : buildSite()).catch((error: unknown) => {
    console.error(`\nThe build failed.\n${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
