/** A page's head tags, the same for the server's render and a client-side navigation. */
import { site } from '../model/site';
import { needsBlogData } from '../features/blog/blog-blocks';
import { feedTitle } from '../features/blog/feed-title';
import { sitePaths } from '../features/blog/site-paths';
import { buildHead, type ArticleHead, type HeadTags } from './head';

export interface PageHeadInput {
  page: { title: string; description: string; blocks: ReadonlyArray<{ type: string }> };
  /** null for the shell of a dynamic route and the 404 page. */
  path: string | null;
  notFound: boolean;
  /** An article's own title and description, in place of the page document's. */
  headText?: { title: string; description: string } | undefined;
  article?: ArticleHead | undefined;
}

export function pageHead({ page, path, notFound, headText, article }: PageHeadInput): HeadTags {
  const { title, description } = headText ?? page;
  const paths = sitePaths;
  const showsBlog = !notFound && paths !== null && needsBlogData(page.blocks.map((b) => b.type));
  return buildHead({
    title,
    description,
    path: notFound ? null : path,
    noindex: notFound,
    settings: site.settings,
    ...(article ? { article } : {}),
    ...(showsBlog ? { feed: { href: paths.feedPath, title: feedTitle(site.settings) } } : {}),
  });
}
