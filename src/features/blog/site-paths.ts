/**
 * Where the Insights live on this site, read from the route table: articles are the route with a ":slug"
 * parameter ("/blogs/:slug"), the list is its parent ("/blogs"), and the feed sits beside the list
 * ("/blogs/feed.xml"). Renaming the routes in pages.json moves all three together.
 */
import { routePatterns } from 'virtual:route-patterns';
import { fillPattern } from '../../model/routes';

export interface BlogSitePaths {
  articlePattern: string;
  listPath: string;
  feedPath: string;
  articlePath: (slug: string) => string;
}

export function blogSitePaths(routes: ReadonlyArray<{ path: string }>): BlogSitePaths | null {
  const article = routes.find((r) => r.path.split('/').includes(':slug'));
  if (!article) return null;
  const listPath = article.path.slice(0, article.path.lastIndexOf('/:slug')) || '/';
  return {
    articlePattern: article.path,
    listPath,
    feedPath: `${listPath === '/' ? '' : listPath}/feed.xml`,
    articlePath: (slug) => fillPattern(article.path, { slug }),
  };
}

/** This site's: from the routes with parameters, which the browser has too (the whole route table stays on the server). */
export const sitePaths = blogSitePaths(routePatterns);
