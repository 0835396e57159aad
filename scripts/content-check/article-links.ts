/**
 * Links to blog articles ("/blogs/<slug>", or a redirect that leads there): every slug matches the route, so the
 * route check cannot tell a real article from a typo. When the articles can be known at check time (the
 * embedded API's samples under server/api/sample-blogs/, or an external API that answers), a slug the blog does
 * not have is a warning with the nearest slug; when they cannot, one warning says such links were not checked.
 * Warnings, not errors: the articles live outside the repository and change without a commit here.
 */
import path from 'node:path';
import type { ContentIssue } from './issue.ts';
import { didYouMean } from './did-you-mean.ts';
import { issueAt, type LoadedDocument } from './document.ts';
import { routeTable } from './published-urls.ts';
import { fillPattern, resolvePath, resolveStep, type RouteTable } from '../../src/model/routes.ts';
import { chooseApiHost } from '../../src/model/api-host.ts';
import { blogApi, type BlogListAnswer } from '../../src/features/blog/blog-contract.ts';
import { loadSamplePosts } from '../../server/api/blog.ts';
import { asRecord } from './records.ts';

interface Input {
  site: LoadedDocument;
  /** The pages to check: every page, or after a few edits the pages those edits reach (then `articlePages` and `checkSite` say the rest). */
  pages: LoadedDocument[];
  /** Whether a block type shows the article of its route's ":slug" (its schema's "x-article-page"). */
  showsArticle: (type: string) => boolean;
  /** The blog's articles, asked only when a link leads to one (articleList). */
  articles: () => Promise<Articles>;
  /** The pages that show an article, when `pages` are only some. */
  articlePages?: ReadonlySet<string>;
  /** Whether pages.json's links are checked (default true). */
  checkSite?: boolean;
}
/** How long an external API gets to answer the list before the links are reported as not checked. */
export const ARTICLE_LIST_TIMEOUT_MS = 3000;
/** The dev server and the editor check on every change: an external API's answer (or silence) is kept this long. */
const ANSWER_KEPT_MS = 60_000;

export type Articles = { slugs: string[] } | { unknown: string };

const answers = new Map<string, { at: number; articles: Promise<Articles> }>();

async function askApi(url: string): Promise<Articles> {
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(ARTICLE_LIST_TIMEOUT_MS), headers: { accept: 'application/json' } });
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    const why = (error as Error).name === 'TimeoutError' ? `did not answer within ${ARTICLE_LIST_TIMEOUT_MS / 1000} s` : `could not be reached (${cause?.code ?? cause?.message ?? (error as Error).message})`;
    return { unknown: `the blog API's list of articles, ${url}, ${why}` };
  }
  const answer = (await response.json().catch(() => undefined)) as Partial<BlogListAnswer> | undefined;
  if (!response.ok || answer?.status !== true || !Array.isArray(answer.result)) return { unknown: `the blog API's list of articles, ${url}, answered ${response.status} without the list` };
  return { slugs: answer.result.flatMap((post) => (typeof post?.slug === 'string' ? [post.slug] : [])) };
}

/** The blog's article slugs, or why they cannot be known now: asked at most once (`asked` says whether it was). */
export function articleList(root: string, site: LoadedDocument): { articles: () => Promise<Articles>; readonly asked: Promise<Articles> | undefined } {
  let asked: Promise<Articles> | undefined;
  return {
    articles: () => (asked ??= knownArticles(root, asRecord(asRecord(site.value).settings))),
    get asked() {
      return asked;
    },
  };
}

async function knownArticles(root: string, settings: Record<string, unknown>): Promise<Articles> {
  const host = chooseApiHost(process.env.VITE_API_HOST, settings.apiHost);
  if (!host) {
    const samples = path.join(root, 'server', 'api', 'sample-blogs');
    try {
      return { slugs: (await loadSamplePosts(samples)).map((post) => post.slug) };
    } catch (error) {
      return { unknown: `the embedded API's articles cannot be read: ${(error as Error).message}` };
    }
  }
  if (!URL.canParse(host)) return { unknown: `settings.apiHost "${host}" is not an address` };
  const url = new URL(blogApi.listPath(typeof settings.siteId === 'string' ? settings.siteId : ''), host).href;
  const kept = answers.get(url);
  if (kept && performance.now() - kept.at < ANSWER_KEPT_MS) return kept.articles;
  const articles = askApi(url);
  answers.set(url, { at: performance.now(), articles });
  return articles;
}

/** The article slug a site path shows, or undefined when it is no article's path. */
function articleSlugOf(table: RouteTable, articlePages: ReadonlySet<string>, linkPath: string): { slug: string; pattern: string } | undefined {
  let target = resolvePath(table, linkPath);
  if (target.kind === 'redirect') target = resolveStep(table, target.to);
  if (target.kind !== 'page' || !articlePages.has(target.page) || target.params.slug === undefined) return undefined;
  return { slug: target.params.slug, pattern: target.pattern };
}

const quoted = (slugs: string[]) => slugs.map((s) => `"${s}"`).join(', ');

/** Whether a page shows an article (a block whose schema says "x-article-page"). */
export const showsAnArticle = (page: LoadedDocument, showsArticle: (type: string) => boolean) => page.facts.blocks.some((b) => b.type !== undefined && showsArticle(b.type));

export async function checkArticleLinks({ site, pages, showsArticle, articles: articleList, articlePages: given, checkSite = true }: Input): Promise<ContentIssue[]> {
  const config = asRecord(site.value);
  if (site.value === undefined) return [];
  const table = routeTable(config);
  const articlePages = given ?? new Set(pages.filter((p) => showsAnArticle(p, showsArticle)).map((p) => p.page!));
  if (articlePages.size === 0) return [];
  // Many pages link the same paths (the header's, the footer's): each is resolved once.
  const resolved = new Map<string, ReturnType<typeof articleSlugOf>>();
  const articleAt = (value: string) => {
    if (!resolved.has(value)) resolved.set(value, articleSlugOf(table, articlePages, value));
    return resolved.get(value);
  };
  const links = (checkSite ? [site, ...pages] : pages).flatMap((doc) =>
    doc.facts.collected.links.flatMap((link) => {
      const article = link.value.startsWith('/') ? articleAt(link.value) : undefined;
      return article ? [{ doc, link, ...article }] : [];
    }),
  );
  if (links.length === 0) return [];

  const articles = await articleList();
  if ('unknown' in articles) {
    const first = links[0]!;
    const count = links.length === 1 ? 'this link to an article was' : `${links.length} links to articles (the first here) were`;
    return [issueAt(first.doc, first.link.path, 'article-links-skipped', `${count} not checked: ${articles.unknown}. Check that those articles exist, or run the check where the API answers.`, { severity: 'warning' })];
  }
  const known = new Set(articles.slugs);
  const issues: ContentIssue[] = [];
  for (const { doc, link, slug, pattern } of links) {
    if (known.has(slug)) continue;
    const guess = didYouMean(slug, articles.slugs);
    const advice = guess
      ? ` — did you mean "${fillPattern(pattern, { slug: guess })}"?`
      : articles.slugs.length > 0
        ? `. Link to one of its articles: ${quoted(articles.slugs.slice(0, 5))}${articles.slugs.length > 5 ? ` and ${articles.slugs.length - 5} more` : ''}.`
        : '. The blog has no articles yet.';
    issues.push(issueAt(doc, link.path, 'unknown-article', `the link "${link.value}" leads to the article "${slug}", which the blog does not have${advice}`, { severity: 'warning' }));
  }
  return issues;
}
