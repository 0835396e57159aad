/** The sizes the editor writes beside a picture's path: the content check's own measure for photographs, sharp's header for SVGs. */
import path from 'node:path';
import { writeFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import { imageSize } from '../../scripts/editor/image-size.ts';

const publicDir = path.resolve(import.meta.dirname, '../../public');

describe('imageSize', () => {
  it('reads a photograph and an SVG from their headers', async () => {
    expect(await imageSize(path.join(publicDir, 'images/our-story.jpg'))).toEqual({ width: 2400, height: 1600 });
    expect(await imageSize(path.join(publicDir, 'illustrations/hero-home.svg'))).toEqual({ width: 560, height: 460 });
  });

  it('takes an SVG without width and height from its viewBox, and refuses a file that is no picture', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'image-size-'));
    try {
      await writeFile(path.join(dir, 'box.svg'), '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 150"><rect width="10" height="10"/></svg>');
      await writeFile(path.join(dir, 'fake.png'), 'not a picture');
      expect(await imageSize(path.join(dir, 'box.svg'))).toEqual({ width: 300, height: 150 });
      await expect(imageSize(path.join(dir, 'fake.png'))).rejects.toThrow(/not a JPEG, PNG, WebP or AVIF/);
    } finally {
      await rm(dir, { recursive: true });
    }
  });
});
