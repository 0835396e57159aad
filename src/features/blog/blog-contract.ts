/**
 * The blog API's wire contract: the endpoint paths (they carry settings.siteId) and the shapes of the answers.
 * The browser and server client (blog-client.ts) and the embedded API (server/api/blog.ts) both import it,
 * so the two sides cannot drift apart.
 */
export const blogApi = {
  /** GET: the list of posts, newest first. */
  listPath: (siteId: string) => `/api/${siteId}/blogs`,
  /** GET: one article; 404 (or status false) when there is no such slug. */
  articlePath: (siteId: string, slug: string) => `/api/blog/${siteId}/${encodeURIComponent(slug)}`,
  /** The article path as a route pattern, for the API's router. */
  articlePattern: (siteId: string) => `/api/blog/${siteId}/:slug`,
};

/** One post of the list answer. */
export interface BlogSummaryWire {
  id: number | string;
  slug: string;
  title: string;
  date: string;
  banner_image: string;
  meta_title: string;
  meta_description: string;
}

export interface BlogListAnswer {
  status: boolean;
  result: BlogSummaryWire[] | null;
}

/** One article section's entry: a heading, a paragraph of HTML, an image … (see ArticleColumn). */
export interface ArticleBlockWire {
  column: string;
  data: string;
}

export interface BlogArticleWire {
  title: string;
  subtitle: string;
  banner_image: string;
  date: string;
  slug: string;
  meta_title: string;
  /** Section name → entries, sent as a JSON string. */
  content: string;
}

export interface BlogArticleAnswer {
  status: boolean;
  result?: BlogArticleWire;
}
