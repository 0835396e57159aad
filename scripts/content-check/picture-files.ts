/**
 * Photographs an editor drops into public/ (JPEG, PNG, WebP, AVIF; SVGs scale and are left alone), checked
 * against the file itself: the width and height written beside the path must be the file's (they reserve the
 * picture's space while it loads; the error gives the numbers to write); a picture narrower than its block
 * shows it on a 2× screen looks soft (a warning); a file over 5 MB is worth making smaller before it is
 * committed (a warning: the build makes small variants either way).
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { PictureInputError, readSource, type SourceInfo } from '../../server/images/encode.ts';
import { pictureLayouts } from '../../src/generated/picture-layouts.ts';
import type { ContentIssue } from './issue.ts';
import { blockTypeAtFor, issueAt, type LoadedDocument } from './document.ts';
import type { JsonPath } from './schema-validator.ts';
import { RASTER_PICTURE } from '../images/picture-catalog.ts';

/** A picture file over this size gets a warning. */
export const LARGE_PICTURE_BYTES = 5 * 1024 * 1024;

type Facts = { info: SourceInfo; bytes: number } | { problem: string };

/** Read once per file version (path, size, time), so the dev server's checks do not read headers again and again. */
const known = new Map<string, { stamp: string; facts: Facts }>();

async function factsOf(file: string): Promise<Facts | undefined> {
  const info = await stat(file).catch(() => undefined);
  if (!info?.isFile()) return undefined; // image-paths.ts reports a missing file
  const stamp = `${info.size}:${info.mtimeMs}`;
  const before = known.get(file);
  if (before?.stamp === stamp) return before.facts;
  let facts: Facts;
  try {
    facts = { info: await readSource(file), bytes: info.size };
  } catch (error) {
    if (!(error instanceof PictureInputError)) throw error;
    facts = { problem: error.message };
  }
  known.set(file, { stamp, facts });
  return facts;
}

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

export async function checkPictureFiles(root: string, docs: LoadedDocument[]): Promise<ContentIssue[]> {
  const issues: ContentIssue[] = [];
  // Each file looked at once per check: at 100,000 pages naming the same few photographs, a stat per page took seconds.
  const thisCheck = new Map<string, Promise<Facts | undefined>>();
  const factsOfOnce = (file: string) => {
    let facts = thisCheck.get(file);
    if (!facts) thisCheck.set(file, (facts = factsOf(file)));
    return facts;
  };
  for (const doc of docs) {
    // Never read again for the checks (the facts have the block types and the written sizes), only for an issue:
    // their facts may come from the cache, and at 10,000 pages parsing them here took a third of a rebuild's check.
    const siteBlockTypeAt = doc.page === undefined ? blockTypeAtFor(doc.value, true) : undefined;
    const blockTypeAt = (prefix: JsonPath) => (siteBlockTypeAt ? siteBlockTypeAt(prefix) : prefix[0] === 'blocks' && typeof prefix[1] === 'number' ? doc.facts.blocks[prefix[1]]?.type : undefined);
    for (const image of doc.facts.collected.images) {
      if (!RASTER_PICTURE.test(image.value)) continue;
      const facts = await factsOfOnce(path.join(root, 'public', ...image.value.split('/')));
      if (!facts) continue;
      if ('problem' in facts) {
        issues.push(issueAt(doc, image.path, 'picture-file', `public${image.value} cannot be used: ${facts.problem.charAt(0).toLowerCase()}${facts.problem.slice(1)} Export it again as a JPEG (photographs) or PNG (screenshots).`));
        continue;
      }
      const { info, bytes } = facts;
      const owner = image.path.slice(0, -1);
      const written = image.size;
      if (written && (written.width !== info.width || written.height !== info.height)) {
        issues.push(
          issueAt(
            doc,
            owner,
            'picture-size',
            `public${image.value} is ${info.width}×${info.height} pixels, but "width" and "height" say ${String(written.width)}×${String(written.height)}: write "width": ${info.width}, "height": ${info.height} (they keep the picture's space while it loads).`,
            { key: 'width' },
          ),
        );
      }
      const type = blockTypeAt(image.path.slice(0, 2));
      const layout = type ? pictureLayouts[type] : undefined;
      if (layout && info.width < 2 * layout.largest) {
        issues.push(
          issueAt(
            doc,
            image.path,
            'picture-too-small',
            `public${image.value} is ${info.width} pixels wide, but the ${type} block shows it up to ${layout.largest} px wide, ${2 * layout.largest} pixels on a 2× screen: it will look soft there. Use a file at least ${2 * layout.largest} pixels wide.`,
            { severity: 'warning' },
          ),
        );
      }
      if (bytes > LARGE_PICTURE_BYTES) {
        issues.push(
          issueAt(
            doc,
            image.path,
            'picture-file-large',
            `public${image.value} is ${megabytes(bytes)}, over ${megabytes(LARGE_PICTURE_BYTES)}: visitors get small variants either way, but a file this big slows every build and the repository. Export it at about 2400 pixels wide and 85 % JPEG quality.`,
            { severity: 'warning' },
          ),
        );
      }
    }
  }
  return issues;
}
