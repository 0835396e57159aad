// @vitest-environment node
/**
 * The build's pictures (scripts/images/picture-catalog.ts): a photograph of public/ becomes AVIF, WebP and its
 * own format at every width of the set up to its own, linked into dist/_img/ under its content hash; a second
 * build encodes nothing; a changed photograph is encoded again; pruning drops what no page uses any more.
 */
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createPictureCatalog } from '../../scripts/images/picture-catalog.ts';
import { syntheticPhotograph } from '../../scripts/images/synthetic-photograph.ts';
import { UI_TIMEOUT } from '../timeouts.ts';

let root: string;
const dirs = () => ({ publicDir: path.join(root, 'public'), cacheDir: path.join(root, '.build-cache', 'pictures'), distDir: path.join(root, 'dist') });

beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'picture-catalog-'));
  await mkdir(path.join(root, 'public', 'images'), { recursive: true });
});
afterEach(() => rm(root, { recursive: true, force: true }));

describe('the picture catalog', () => {
  it('encodes a photograph once, in three formats at each width up to its own, and links the variants into dist/_img', { timeout: 2 * UI_TIMEOUT }, async () => {
    await writeFile(path.join(root, 'public', 'images', 'office.jpg'), await syntheticPhotograph({ width: 1200, height: 800 }));
    const first = createPictureCatalog(dirs());
    const entry = await first.pictureFor('/images/office.jpg');
    expect(entry).toMatchObject({ width: 1200, height: 800 });
    const set = entry!.set;
    expect(set.sources.map((s) => s.type)).toEqual(['image/avif', 'image/webp']);
    const widthsOf = (srcSet: string) => srcSet.split(', ').map((c) => c.split(' ')[1]);
    for (const srcSet of [...set.sources.map((s) => s.srcSet), set.srcSet]) expect(widthsOf(srcSet)).toEqual(['480w', '768w', '1080w', '1200w']);
    expect(set.src).toMatch(new RegExp(`^/_img/office\\.${entry!.hash}-1080\\.jpg$`));
    expect(set.placeholder).toMatch(/^data:image\/webp;base64,/);
    expect(set.placeholder!.length).toBeLessThan(1000);
    expect(first.counts).toEqual({ encoded: 1, reused: 0 });

    const served = await readdir(path.join(root, 'dist', '_img'));
    expect(served).toHaveLength(12);
    // Each file is what its name says.
    const avif768 = await sharp(path.join(root, 'dist', '_img', `office.${entry!.hash}-768.avif`)).metadata();
    expect(avif768).toMatchObject({ width: 768, height: 512 });
    expect((await sharp(path.join(root, 'dist', '_img', `office.${entry!.hash}-1200.webp`)).metadata()).format).toBe('webp');

    // The next build, dist/ emptied by the client build: nothing is encoded, every variant is linked again.
    await rm(path.join(root, 'dist'), { recursive: true });
    const second = createPictureCatalog(dirs());
    expect((await second.pictureFor('/images/office.jpg'))?.set).toEqual(set);
    expect(second.counts).toEqual({ encoded: 0, reused: 1 });
    expect(await readdir(path.join(root, 'dist', '_img'))).toHaveLength(12);
  });

  it('encodes a changed photograph again under a new hash, and prunes the variants no page uses', { timeout: 2 * UI_TIMEOUT }, async () => {
    const file = path.join(root, 'public', 'images', 'desk.jpg');
    await writeFile(file, await syntheticPhotograph({ width: 600, height: 400, seed: 1 }));
    const before = await createPictureCatalog(dirs()).pictureFor('/images/desk.jpg');
    await writeFile(file, await syntheticPhotograph({ width: 600, height: 400, seed: 2 }));
    const catalog = createPictureCatalog(dirs());
    const after = await catalog.pictureFor('/images/desk.jpg');
    expect(after!.hash).not.toBe(before!.hash);
    expect(catalog.counts.encoded).toBe(1);
    await catalog.prune();
    const served = await readdir(path.join(root, 'dist', '_img'));
    expect(served.every((name) => name.includes(after!.hash))).toBe(true);
    expect(served).toHaveLength(6); // 480 and 600, in AVIF, WebP and JPEG
    const cached = await readdir(dirs().cacheDir);
    expect(cached.every((name) => name.startsWith(after!.hash))).toBe(true);
  });

  it('keeps a PNG with transparency a PNG, without placeholder colours behind it, and passes SVGs and missing files by', { timeout: 2 * UI_TIMEOUT }, async () => {
    const logo = await sharp({ create: { width: 900, height: 300, channels: 4, background: { r: 30, g: 60, b: 200, alpha: 0.5 } } })
      .png()
      .toBuffer();
    await writeFile(path.join(root, 'public', 'images', 'logo.png'), logo);
    await writeFile(path.join(root, 'public', 'images', 'mark.svg'), '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');
    const catalog = createPictureCatalog(dirs());
    const entry = await catalog.pictureFor('/images/logo.png');
    expect(entry!.set.src).toMatch(/-900\.png$/);
    expect(entry!.set.placeholder).toBeUndefined();
    expect(await catalog.pictureFor('/images/mark.svg')).toBeUndefined();
    expect(await catalog.pictureFor('/images/missing.jpg')).toBeUndefined();
  });
});
