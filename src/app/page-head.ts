/** A page's head tags, the same for the server's render and the dev server's whole-page app. */
import { site } from '../model/site';
import { buildHead, type HeadContribution, type HeadTags } from '../model/head-tags';

export interface PageHeadInput {
  page: { title: string; description: string };
  /** null for the shell of a dynamic route and the 404 page. */
  path: string | null;
  notFound: boolean;
  /** What the page's blocks add, from their loaders' data (src/kit/block-server.ts `head`). */
  contribution?: HeadContribution | undefined;
}

export function pageHead({ page, path, notFound, contribution = {} }: PageHeadInput): HeadTags {
  const { title, description } = contribution.text ?? page;
  return buildHead({
    title,
    description,
    path: notFound ? null : path,
    noindex: notFound,
    settings: site.settings,
    ...(contribution.article ? { article: contribution.article } : {}),
    ...(contribution.feed && !notFound ? { feed: contribution.feed } : {}),
  });
}
