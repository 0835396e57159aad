/**
 * The build's pictures: every raster picture of public/ that a page document names is encoded once per
 * content (server/images/encode.ts) into the build cache, then linked into dist/_img/ under a name that
 * carries its hash (served as immutable). An unchanged picture is never encoded again, in any later build:
 * its variants and its facts (size, placeholder) are kept under .build-cache/pictures/<hash>.
 */
import { createHash } from 'node:crypto';
import { link, copyFile, mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { limiter } from '../../server/images/limiter.ts';
import { encodeAll, placeholderOf, readSource, type SourceInfo } from '../../server/images/encode.ts';
import { BUILT_PICTURES_DIR, pictureSetOf, widthsFor, MODERN_FORMATS, type PictureFormat, type PictureSet } from '../../src/model/picture-set.ts';

/** A picture path an editor writes that the pipeline encodes (SVG passes through as it is). */
export const RASTER_PICTURE = /^\/[A-Za-z0-9._\-/]+\.(png|jpe?g|webp|avif)$/i;

/** Every raster picture path in a document or its blocks, in document order (image fields and any other string naming one). */
export function picturePaths(value: unknown): string[] {
  const found = new Set<string>();
  const walk = (item: unknown) => {
    if (typeof item === 'string') {
      if (RASTER_PICTURE.test(item)) found.add(item);
    } else if (Array.isArray(item)) item.forEach(walk);
    else if (item && typeof item === 'object') Object.values(item).forEach(walk);
  };
  walk(value);
  return [...found];
}

const EXTENSION: Record<PictureFormat, string> = { avif: 'avif', webp: 'webp', jpeg: 'jpg', png: 'png' };

/** What the cache keeps of one picture besides its variants. */
interface Facts extends SourceInfo {
  placeholder?: string;
}

export interface CatalogEntry {
  hash: string;
  set: PictureSet;
  width: number;
  height: number;
}

export interface PictureCatalog {
  /** The picture's variants (encoded now when the cache has none); undefined for an SVG or a missing file. */
  pictureFor(src: string): Promise<CatalogEntry | undefined>;
  /** Removes the variants in dist/ and the cache that no picture of this build used. */
  prune(): Promise<void>;
  readonly counts: { encoded: number; reused: number };
}

const exists = (file: string) =>
  stat(file).then(
    () => true,
    () => false,
  );

/** The file's content hash, or undefined when it is missing; the content is not kept (a hundred photographs wait their turn to be encoded). */
async function contentHash(file: string): Promise<string | undefined> {
  const content = await readFile(file).catch(() => undefined);
  return content && createHash('sha256').update(content).digest('hex').slice(0, 16);
}

export interface CatalogOptions {
  publicDir: string;
  /** .build-cache/pictures */
  cacheDir: string;
  /** dist/ */
  distDir: string;
  /** Pictures encoded at once (default 2). */
  parallel?: number;
}

export function createPictureCatalog({ publicDir, cacheDir, distDir, parallel = 2 }: CatalogOptions): PictureCatalog {
  const outDir = path.join(distDir, BUILT_PICTURES_DIR);
  // Two pictures at a time: the machine's two cores, each encode on one libvips thread (server/images/encode.ts).
  const slot = limiter(parallel);
  const known = new Map<string, Promise<CatalogEntry | undefined>>();
  const usedHashes = new Set<string>();
  const usedFiles = new Set<string>();
  const counts = { encoded: 0, reused: 0 };

  const formatsOf = (info: SourceInfo): PictureFormat[] => [...MODERN_FORMATS, ...(info.format === 'avif' || info.format === 'webp' ? [] : [info.format])];
  const cachedName = (hash: string, width: number, format: PictureFormat) => `${hash}-${width}.${EXTENSION[format]}`;

  /** The facts and variants of this content, encoding them when the cache lacks any. */
  async function variants(file: string, hash: string): Promise<Facts> {
    const factsFile = path.join(cacheDir, `${hash}.json`);
    const kept = JSON.parse(await readFile(factsFile, 'utf8').catch(() => 'null')) as Facts | null;
    if (kept) {
      const all = widthsFor(kept.width).flatMap((w) => formatsOf(kept).map((f) => path.join(cacheDir, cachedName(hash, w, f))));
      if ((await Promise.all(all.map(exists))).every(Boolean)) {
        counts.reused++;
        return kept;
      }
    }
    return slot(async () => {
      const input = await readFile(file);
      const info = await readSource(input);
      await mkdir(cacheDir, { recursive: true });
      await encodeAll(input, info, formatsOf(info), (width, format, data) => writeFile(path.join(cacheDir, cachedName(hash, width, format)), data));
      // A picture with transparency shows its background through: no placeholder colours behind it.
      const facts: Facts = { ...info, ...(info.hasAlpha ? {} : { placeholder: await placeholderOf(input) }) };
      await writeFile(factsFile, JSON.stringify(facts)); // last, so a half-done encode is never taken as done
      counts.encoded++;
      return facts;
    });
  }

  async function load(src: string): Promise<CatalogEntry | undefined> {
    if (!RASTER_PICTURE.test(src)) return undefined;
    const file = path.join(publicDir, ...src.split('/'));
    const hash = await contentHash(file);
    if (!hash) return undefined;
    const facts = await variants(file, hash);
    usedHashes.add(hash);
    const base = path.posix.basename(src).replace(/\.[^.]+$/, '');
    const publicName = (width: number, format: PictureFormat) => `${base}.${cachedName(hash, width, format)}`;
    const widths = widthsFor(facts.width);
    await mkdir(outDir, { recursive: true });
    for (const width of widths) {
      for (const format of formatsOf(facts)) {
        const name = publicName(width, format);
        usedFiles.add(name);
        const target = path.join(outDir, name);
        if (await exists(target)) continue;
        // A hard link costs no space; a copy where the cache lies on another file system.
        await link(path.join(cacheDir, cachedName(hash, width, format)), target).catch(() => copyFile(path.join(cacheDir, cachedName(hash, width, format)), target));
      }
    }
    const set = pictureSetOf(widths, formatsOf(facts).at(-1)!, (w, f) => `/${BUILT_PICTURES_DIR}/${publicName(w, f)}`, facts.placeholder);
    return { hash, set, width: facts.width, height: facts.height };
  }

  return {
    counts,
    pictureFor(src) {
      let entry = known.get(src);
      if (!entry) {
        entry = load(src);
        known.set(src, entry);
      }
      return entry;
    },
    async prune() {
      await Promise.all(known.values()); // every picture of this build settled first
      const inDist = await readdir(outDir).catch(() => [] as string[]);
      await Promise.all(inDist.filter((n) => !usedFiles.has(n)).map((n) => rm(path.join(outDir, n), { force: true })));
      const inCache = await readdir(cacheDir).catch(() => [] as string[]);
      await Promise.all(inCache.filter((n) => !usedHashes.has(n.slice(0, 16))).map((n) => rm(path.join(cacheDir, n), { force: true })));
    },
  };
}
