/** An article's page title and description, from its server module's head() (src/features/blog/blog-loaders.ts). */
import type { BlogArticle } from './blog-types';

/** `summary` is the list entry's meta description: the article answer has none of its own. */
export function articleHeadText(article: BlogArticle, summary: string | undefined, brand: string): { title: string; description: string } {
  return {
    title: `${article.metaTitle || article.title} | ${brand}`,
    description: summary || article.subtitle || article.metaTitle || article.title,
  };
}
