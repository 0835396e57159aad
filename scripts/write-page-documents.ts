/**
 * The build step that turns each page document into what the browser and the render bundle read
 * (distLayout.pagesDir, src/model/route-answer.ts BuiltPage): schema defaults filled in, fragments expanded,
 * compact JSON, and the variants of every raster picture the page names (scripts/images/picture-catalog.ts).
 * Runs after the content check, so the documents are valid. A document whose text, schemas, fragments and
 * pictures are unchanged since the last build is not written again; each output's hash is returned, so the
 * prerender can tell which pages changed.
 */
import { createHash } from 'node:crypto';
import { statSync } from 'node:fs';
import type { FileStat } from './file-stats.ts';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expandFragments } from '../src/model/expand-fragments.ts';
import type { BlockEntry, PageDocument } from '../src/model/block-entry.ts';
import type { BuiltPage } from '../src/model/route-answer.ts';
import type { SiteConfig } from '../src/generated/pages-json.ts';
import type { SchemaValidator } from './content-check/schema-validator.ts';
import { fillFileDefaults } from './content-check/schema-defaults.ts';
import { picturePaths, type PictureCatalog } from './images/picture-catalog.ts';
import { openBuildRecords } from './build-records.ts';

const sha1 = (...parts: string[]) => {
  const hash = createHash('sha1');
  for (const part of parts) hash.update(part).update('\0');
  return hash.digest('base64url');
};

/**
 * Per page, a build record (build-records.ts): the size and modification time of the document it read, the key its
 * output was made from, and the content hash of each raster picture the page names (JSON), tab-separated.
 */
const recordOf = (stamp: string, key: string, pictures: Record<string, string>) => `${stamp}\t${key}\t${JSON.stringify(pictures)}`;
const partsOf = (record: string) => {
  const first = record.indexOf('\t');
  const second = record.indexOf('\t', first + 1);
  return { stamp: record.slice(0, first), key: record.slice(first + 1, second), pictures: record.slice(second + 1) };
};
/** A record's pictures; a damaged record has none that match, so its page is made again. */
const picturesIn = (text: string): Record<string, string> | undefined => {
  try {
    return JSON.parse(text) as Record<string, string>;
  } catch {
    return undefined;
  }
};

/** Pictures in the first blocks are likely above the fold: the first of them loads with the page, not lazily. */
const PRIORITY_BLOCKS = 2;

async function picturesOf(blocks: BlockEntry[], catalog: PictureCatalog): Promise<Pick<BuiltPage, 'pictures' | 'priorityPicture'> & { hashes: Record<string, string> }> {
  const pictures: NonNullable<BuiltPage['pictures']> = {};
  const hashes: Record<string, string> = {};
  for (const src of picturePaths(blocks)) {
    const entry = await catalog.pictureFor(src);
    if (!entry) continue;
    pictures[src] = entry.set;
    hashes[src] = entry.hash;
  }
  const priorityPicture = picturePaths(blocks.slice(0, PRIORITY_BLOCKS))[0];
  return { pictures, hashes, ...(priorityPicture ? { priorityPicture } : {}) };
}

export interface PageDocumentsResult {
  /** Page name → hash of what the page is rendered from (its document and the fragments it uses). */
  hashes: Map<string, string>;
  written: number;
  /** pages.json with its defaults filled, as the render bundle has it: the prerender's route table. */
  site: SiteConfig;
}

/**
 * `cacheFile` keeps, per page, the hash of the inputs its output was made from (build-records.ts); `validator` fills the defaults;
 * `catalog` encodes the pictures; `stats` has the documents' stats when the caller took them (by absolute path).
 */
export async function writePageDocuments(root: string, outDir: string, cacheFile: string, validator: SchemaValidator, catalog: PictureCatalog, stats?: ReadonlyMap<string, FileStat>): Promise<PageDocumentsResult> {
  const schemasDir = path.join(root, 'schemas');
  const schemaTexts = await Promise.all(validator.schemaFiles.map((f) => readFile(path.join(schemasDir, f), 'utf8')));
  const siteText = fillFileDefaults(validator, { kind: 'site-config' }, await readFile(path.join(root, 'pages.json'), 'utf8'));
  if (siteText === undefined) throw new Error('pages.json is not JSON; run npm run validate for the line and column.');
  const site = JSON.parse(siteText) as SiteConfig;
  const fragments = site.fragments ?? {};
  // Defaults and fragments shape every output: a change to either remakes them all.
  const sharedKey = sha1(...schemaTexts, JSON.stringify(fragments));
  const records = await openBuildRecords(cacheFile, sharedKey);
  const existing = new Set(await readdir(outDir).catch(() => [] as string[]));
  const names = (await readdir(path.join(root, 'pages'))).filter((n) => n.endsWith('.json')).map((n) => n.slice(0, -'.json'.length));

  await mkdir(outDir, { recursive: true });
  const hashes = new Map<string, string>();
  let written = 0;
  const pagesDir = path.join(root, 'pages') + path.sep;
  const sourceOf = (name: string) => `${pagesDir}${name}.json`;
  const stampOf = (source: string) => {
    const info = stats?.get(source) ?? statSync(source);
    return `${info.size}:${info.mtimeMs}`;
  };
  // A document with the size and time of its last reading has the same text. Such a page, with its output there,
  // is unchanged if its pictures are: each picture those pages name is hashed once (and encoded again, when the
  // cache lost it), and each list of pictures read once, so a page is found unchanged without a promise.
  const asBefore = new Map<string, ReturnType<typeof partsOf>>();
  const pictureLists = new Map<string, Record<string, string> | undefined>();
  for (const name of names) {
    const record = records.get(name);
    if (!record?.startsWith(`${stampOf(sourceOf(name))}\t`) || !existing.has(`${name}.json`)) continue;
    const parts = partsOf(record);
    asBefore.set(name, parts);
    if (!pictureLists.has(parts.pictures)) pictureLists.set(parts.pictures, picturesIn(parts.pictures));
  }
  const hashNow = new Map<string, string | undefined>();
  for (const list of pictureLists.values()) for (const src of Object.keys(list ?? {})) hashNow.set(src, undefined);
  await Promise.all([...hashNow.keys()].map(async (src) => hashNow.set(src, (await catalog.pictureFor(src))?.hash)));
  const listsUnchanged = new Set([...pictureLists].filter(([, list]) => list && Object.entries(list).every(([src, hash]) => hashNow.get(src) === hash)).map(([text]) => text));
  const unchanged = new Set<string>();
  for (const [name, { key, pictures }] of asBefore) {
    if (!listsUnchanged.has(pictures)) continue;
    unchanged.add(name);
    hashes.set(name, key);
  }
  const toMake = names.filter((name) => !unchanged.has(name));
  const make = async (name: string) => {
    const source = sourceOf(name);
    const stamp = stampOf(source);
    const before = records.get(name);
    const text = await readFile(source, 'utf8');
    const filled = fillFileDefaults(validator, { kind: 'page' }, text);
    if (filled === undefined) throw new Error(`pages/${name}.json is not JSON; run npm run validate for the line and column.`);
    const doc = JSON.parse(filled) as PageDocument;
    const blocks = expandFragments(doc.blocks, fragments);
    const { hashes: pictureHashes, ...pictures } = await picturesOf(blocks, catalog);
    const key = sha1(sharedKey, text, JSON.stringify(pictureHashes));
    hashes.set(name, key);
    records.set(name, recordOf(stamp, key, pictureHashes));
    if (before !== undefined && partsOf(before).key === key && existing.has(`${name}.json`)) return;
    const data: BuiltPage = { title: doc.title, description: doc.description, blocks, ...pictures };
    await writeFile(path.join(outDir, `${name}.json`), JSON.stringify(data));
    written++;
  };
  // A few files at a time: enough to keep the disk busy, never thousands of open files.
  for (let i = 0; i < toMake.length; i += 64) await Promise.all(toMake.slice(i, i + 64).map(make));
  const gone = [...existing].filter((f) => f.endsWith('.json') && !hashes.has(f.slice(0, -'.json'.length)));
  await Promise.all(gone.map((f) => rm(path.join(outDir, f), { force: true })));
  for (const name of [...records.names()]) if (!hashes.has(name)) records.delete(name);
  await records.save();
  return { hashes, written, site };
}
