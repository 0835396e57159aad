// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { checkPictureFiles } from '../../scripts/content-check/picture-files';
import type { LoadedDocument } from '../../scripts/content-check/document';
import { nothingCollected } from '../../scripts/content-check/schema-validator';

/** A page whose facts name these pictures, and whose text may not be read again: its facts came from the cache. */
function cachedPage(images: string[]): LoadedDocument {
  const collected = { ...nothingCollected(), images: images.map((value, i) => ({ path: ['blocks', i, 'props', 'image', 'src'], value })) };
  return {
    file: 'pages/cached.json',
    page: 'cached',
    facts: { issues: [], collected, blocks: [] },
    get value(): unknown {
      throw new Error('the value of a page without a photograph was read');
    },
    get parsed(): never {
      throw new Error('a page without a photograph was parsed again');
    },
  };
}

describe('checkPictureFiles', () => {
  it('leaves a page that names no photograph unread (an SVG, or a picture file that does not exist)', async () => {
    const root = process.cwd();
    expect(await checkPictureFiles(root, [cachedPage([]), cachedPage(['/img/logo.svg', '/images/not-there.jpg'])])).toEqual([]);
  });
});
