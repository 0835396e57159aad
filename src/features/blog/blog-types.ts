/** The blog as the site uses it: the API's snake_case answers (contract.ts) after tolerant parsing. */

export interface BlogSummary {
  id: number | string;
  slug: string;
  title: string;
  /** ISO date as sent, e.g. "2025-09-18". */
  date: string;
  /** banner_image joined with the API host; "" when the post has none. */
  bannerImage: string;
  /** meta_title, falling back to the title. */
  metaTitle: string;
  metaDescription: string;
}

export type ArticleColumn = 'Heading2' | 'Heading3' | 'Heading4' | 'heading' | 'description' | 'image' | 'image_caption';

export interface ArticleBlock {
  /** Known types are listed; unknown ones are kept so a renderer can skip them. */
  column: ArticleColumn | (string & {});
  /** Text; for description, HTML already sanitised (article-html.ts); for image, the URL joined with the API host. */
  data: string;
}

export interface BlogArticle {
  slug: string;
  title: string;
  subtitle: string;
  date: string;
  bannerImage: string;
  metaTitle: string;
  /** The decoded content, section after section, in order. */
  blocks: ArticleBlock[];
}

export type ApiErrorKind = 'network' | 'timeout' | 'http' | 'not-found' | 'bad-response';

export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  /** The HTTP status, when the server answered. */
  readonly status?: number;

  constructor(kind: ApiErrorKind, message: string, options: { status?: number; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'ApiError';
    this.kind = kind;
    if (options.status !== undefined) this.status = options.status;
  }
}
