/**
 * The blog endpoints of the embedded API: the sample articles in server/api/sample-blogs served in the real
 * backend's wire format (src/features/blog/blog-contract.ts). The files are read once; a broken file fails the request with a
 * message naming it, and the next request reads again.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { blogApi, type BlogArticleAnswer, type BlogListAnswer } from '../../src/features/blog/blog-contract.ts';
import { jsonRoute, type ApiRoute } from './api-route.ts';

/** One server/api/sample-blogs/<slug>.json file. */
export interface SamplePost {
  id: number;
  slug: string;
  title: string;
  subtitle: string;
  date: string;
  banner_image: string;
  meta_title: string;
  meta_description: string;
  /** Section name → blocks; sent as a JSON string, as the real API does. */
  content: Record<string, Array<{ column: string; data: string }>>;
}

const STRING_FIELDS = ['slug', 'title', 'subtitle', 'date', 'banner_image', 'meta_title', 'meta_description'] as const;

function checkPost(value: unknown, file: string): SamplePost {
  const problem = (what: string) => new Error(`The sample article ${file} ${what}.`);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw problem('is not a JSON object');
  const post = value as Record<string, unknown>;
  if (typeof post.id !== 'number') throw problem('needs a numeric "id"');
  for (const field of STRING_FIELDS) if (typeof post[field] !== 'string') throw problem(`needs a string "${field}"`);
  if (!/^\d{4}-\d{2}-\d{2}/.test(post.date as string)) throw problem(`has "date": "${String(post.date)}"; use an ISO date such as "2025-09-18"`);
  if (path.basename(file, '.json') !== post.slug) throw problem(`has "slug": "${String(post.slug)}"; the file must be named after its slug`);
  const content = post.content;
  if (typeof content !== 'object' || content === null || Array.isArray(content)) throw problem('needs "content": { "section-1": [ { "column", "data" } … ] }');
  for (const [section, blocks] of Object.entries(content)) {
    if (!Array.isArray(blocks) || !blocks.every((b) => typeof b?.column === 'string' && typeof b?.data === 'string')) {
      throw problem(`has a section "${section}" that is not a list of { "column": string, "data": string }`);
    }
  }
  return post as unknown as SamplePost;
}

/** Newest first; equal dates by id, highest first, so the order never depends on the file system. */
function byDateDesc(a: SamplePost, b: SamplePost): number {
  return b.date.localeCompare(a.date) || b.id - a.id;
}

export async function loadSamplePosts(samplesDir: string): Promise<SamplePost[]> {
  let names: string[];
  try {
    names = (await readdir(samplesDir)).filter((name) => name.endsWith('.json')).sort();
  } catch (error) {
    // No samples yet is an empty blog, not a broken server.
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const posts: SamplePost[] = [];
  const seenIds = new Map<number, string>();
  for (const name of names) {
    const file = path.join(samplesDir, name);
    let json: unknown;
    try {
      json = JSON.parse(await readFile(file, 'utf8'));
    } catch (error) {
      throw new Error(`The sample article ${file} is not valid JSON: ${error instanceof Error ? error.message : String(error)}`);
    }
    const post = checkPost(json, file);
    const twin = seenIds.get(post.id);
    if (twin) throw new Error(`The sample articles ${twin} and ${file} share the id ${post.id}; give each its own.`);
    seenIds.set(post.id, file);
    posts.push(post);
  }
  return posts.sort(byDateDesc);
}

export function createBlogRoutes(options: { samplesDir: string; siteId: string }): ApiRoute[] {
  let cache: Promise<SamplePost[]> | undefined;
  const posts = () => {
    cache ??= loadSamplePosts(options.samplesDir).catch((error: unknown) => {
      cache = undefined; // A fixed file is picked up by the next request.
      throw error;
    });
    return cache;
  };

  return [
    jsonRoute(blogApi.listPath(options.siteId), async () => {
      const result = (await posts()).map(({ id, slug, title, date, banner_image, meta_title, meta_description }) => ({
        id,
        slug,
        title,
        date,
        banner_image,
        meta_title,
        meta_description,
      }));
      return { status: 200, body: { status: true, result } satisfies BlogListAnswer };
    }),
    jsonRoute(blogApi.articlePattern(options.siteId), async (params) => {
      const post = (await posts()).find((p) => p.slug === params.slug);
      if (!post) return { status: 404, body: { status: false } satisfies BlogArticleAnswer };
      const { title, subtitle, banner_image, date, slug, meta_title, content } = post;
      return { status: 200, body: { status: true, result: { title, subtitle, banner_image, date, slug, meta_title, content: JSON.stringify(content) } } satisfies BlogArticleAnswer };
    }),
  ];
}

/** The sample articles that ship with the site, for a fresh machine and the tests. */
export const SAMPLE_BLOGS_DIR = fileURLToPath(new URL('./sample-blogs/', import.meta.url));
