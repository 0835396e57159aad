/**
 * The bench's picture step (scripts/bench/pictures.ts), in a process of its own for its peak memory:
 * `tsx scripts/bench/encode-pictures.ts <work dir> <photo>…` puts the photographs in <work dir>/public/images
 * (once) and runs the build's picture catalog on them, with its cache in <work dir>/.build-cache.
 */
import { copyFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { createPictureCatalog } from '../images/picture-catalog.ts';

const [work, ...photos] = process.argv.slice(2);
if (!work || photos.length === 0) throw new Error('Usage: tsx scripts/bench/encode-pictures.ts <work dir> <photo>…');
const publicDir = path.join(work, 'public');
await mkdir(path.join(publicDir, 'images'), { recursive: true });
await Promise.all(photos.map((photo) => copyFile(photo, path.join(publicDir, 'images', path.basename(photo)))));
const catalog = createPictureCatalog({ publicDir, cacheDir: path.join(work, '.build-cache', 'pictures'), distDir: path.join(work, 'dist') });
await Promise.all(photos.map((photo) => catalog.pictureFor(`/images/${path.basename(photo)}`)));
await catalog.prune();
console.log(`encoded ${catalog.counts.encoded}, reused ${catalog.counts.reused}`);
