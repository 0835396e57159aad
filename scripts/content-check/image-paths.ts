/**
 * Local images, wherever the schemas mark them ("x-image"): each path must name a file of public/, written from
 * the site root, with the file's exact case (the server's file system is case-sensitive even where the editor's
 * is not). One error per path, with the fix: the path without "/public", or the nearest file that exists.
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { ContentIssue } from './issue.ts';
import { didYouMean } from './did-you-mean.ts';
import { issueAt, type LoadedDocument } from './document.ts';

/** Every file of public/ as the site serves it: "/illustrations/hero-home.svg". */
async function publicFiles(root: string): Promise<string[]> {
  const entries = await readdir(path.join(root, 'public'), { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => `/${path.relative(path.join(root, 'public'), path.join(e.parentPath, e.name)).split(path.sep).join('/')}`);
}

/** The file meant, when one is close: the same name in another case, or a near miss with the same extension. */
function nearest(value: string, files: readonly string[]): { file: string; caseOnly: boolean } | undefined {
  const sameCase = files.find((f) => f.toLowerCase() === value.toLowerCase());
  if (sameCase) return { file: sameCase, caseOnly: true };
  const extension = path.posix.extname(value).toLowerCase();
  // Measured against the file name, so a short name is not "corrected" into an unrelated file of the same folder.
  const tolerance = Math.max(2, Math.floor(path.posix.basename(value).length / 3));
  const guess = didYouMean(
    value,
    files.filter((f) => path.posix.extname(f).toLowerCase() === extension),
    tolerance,
  );
  return guess ? { file: guess, caseOnly: false } : undefined;
}

function missingImageMessage(value: string, files: readonly string[]): string {
  const served = 'files in public/ are served from the site root';
  if (/^\/public\//i.test(value)) {
    const fromRoot = value.slice('/public'.length);
    if (files.includes(fromRoot)) return `the image path "${value}" names the public/ folder, but ${served}: write "${fromRoot}".`;
    const guess = nearest(fromRoot, files);
    return `the image path "${value}" names the public/ folder, but ${served}: ${guess ? `write "${guess.file}" (the nearest file there)` : `write "${fromRoot}" and put the file at public${fromRoot}`}.`;
  }
  const guess = nearest(value, files);
  if (guess?.caseOnly) return `the image "${value}" does not exist: the file is "${guess.file}" (the server tells capitals apart). Write "${guess.file}".`;
  if (guess) return `the image "${value}" does not exist — did you mean "${guess.file}"?`;
  return `the image "${value}" does not exist: put the file at public${value} or fix the path.`;
}

/** For an image path its schema pattern refuses: why, and the form that works (the existence check skips it). */
export function imagePathFormMessage(value: string): string {
  const fromRoot = `/${value.replace(/\\/g, '/').replace(/^(\.?\/)*(public\/)?/, '')}`;
  const served = 'files in public/ are served from the site root';
  if (/^(\.?\/)*public\//.test(value)) return `the image path "${value}" names the public/ folder, but ${served}: write "${fromRoot}".`;
  if (!/\.(svg|png|jpe?g|webp|avif)$/i.test(value))
    return `the image path "${value}" is not an image file this site serves: use a .svg, .png, .jpg, .webp or .avif file under public/, written from the site root ("/illustrations/support.svg").`;
  if (!value.startsWith('/')) return `the image path "${value}" must start with "/": ${served}, so write "${fromRoot}".`;
  return `the image path "${value}" may use only letters, digits, ".", "_", "-" and "/": rename the file under public/ and write its path from the site root ("/illustrations/support.svg").`;
}

export async function checkImages(root: string, docs: LoadedDocument[]): Promise<ContentIssue[]> {
  if (!docs.some((d) => d.facts.collected.images.length > 0)) return [];
  const files = await publicFiles(root);
  const known = new Set(files);
  const issues: ContentIssue[] = [];
  // One missing image can be named by many pages: its message (a search of public/) is made once.
  const messages = new Map<string, string>();
  for (const doc of docs) {
    for (const image of doc.facts.collected.images) {
      if (known.has(image.value)) continue;
      if (!messages.has(image.value)) messages.set(image.value, missingImageMessage(image.value, files));
      issues.push(issueAt(doc, image.path, 'missing-image', messages.get(image.value)!));
    }
  }
  return issues;
}
