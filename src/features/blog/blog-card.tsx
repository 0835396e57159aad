/**
 * Pieces the blog blocks share: the article card (grid and slider), the date format, and the
 * loading / failed message. Posts come from the API: in the browser through swr, or with the page when the
 * server rendered it on request (src/kit/route-data.tsx).
 */
import { sitePaths } from './site-paths';
import type { BlogSummary } from './blog-types';
import { apiPicture } from '../../kit/api-picture';
import { Picture } from '../../kit/picture';
import { blogPictures } from './blog-pictures';
import { SmartLink } from '../../kit/smart-link';
import styles from './blog-card.module.css';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})/;
const dateFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

/** "2025-09-18" → "September 18, 2025". Read in UTC so the day never shifts with the visitor's time zone; an
 *  unreadable date is shown as sent rather than hidden. */
export function formatPostDate(date: string): string {
  const match = ISO_DATE.exec(date.trim());
  if (!match) return date;
  const parsed = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return Number.isNaN(parsed.getTime()) ? date : dateFormat.format(parsed);
}

/** The machine-readable form for <time dateTime>, when the date is one. */
export function isoDate(date: string): string | undefined {
  return ISO_DATE.exec(date.trim())?.[0];
}

/** An article's path, from the route table like the feed's and the sitemap's (site-paths.ts). */
export function blogHref(slug: string): string {
  if (!sitePaths) throw new Error('pages.json has no article route: add { "path": "/blogs/:slug", "page": "blog-article" } to its routes.');
  return sitePaths.articlePath(slug);
}

/** Banner images are 1200×630 (the Open Graph size); width and height keep the space before they load. */
export const BANNER_WIDTH = 1200;
export const BANNER_HEIGHT = 630;

interface CardProps {
  post: BlogSummary;
  /** Card titles are h3 under the section's h2. */
  headingLevel?: 'h2' | 'h3';
  /** A card at the top of the page: its picture loads with the page instead of waiting to come near the viewport. */
  eager?: boolean;
}

/** One article teaser. The title link stretches over the whole card, so there is a single tab stop. */
export function BlogCard({ post, headingLevel: Heading = 'h3', eager = false }: CardProps) {
  return (
    <article className={styles.card}>
      <div className={styles.media}>
        {post.bannerImage ? (
          <Picture layout={blogPictures.card} set={apiPicture(post.bannerImage, blogPictures.card)} priority={eager} className={styles.image} src={post.bannerImage} alt={post.title} width={BANNER_WIDTH} height={BANNER_HEIGHT} />
        ) : (
          <span className={styles.noImage} aria-hidden="true" />
        )}
      </div>
      <div className={styles.body}>
        <time className={styles.date} dateTime={isoDate(post.date)}>
          {formatPostDate(post.date)}
        </time>
        <Heading className={styles.title}>
          <SmartLink href={blogHref(post.slug)} className={styles.link}>
            {post.title}
          </SmartLink>
        </Heading>
        {post.metaDescription && <p className={styles.summary}>{post.metaDescription}</p>}
      </div>
    </article>
  );
}

/** The shape of a card, without content, while the list loads: it holds the space the cards will take. */
export function BlogCardSkeleton() {
  return (
    <div className={`${styles.card} ${styles.skeleton}`}>
      <div className={styles.media} />
      <div className={styles.body}>
        <span className={`${styles.bar} ${styles.barShort}`} />
        <span className={`${styles.bar} ${styles.barTitle}`} />
        <span className={styles.bar} />
        <span className={styles.bar} />
        <span className={`${styles.bar} ${styles.barShort}`} />
      </div>
    </div>
  );
}

interface StatusProps {
  /** The fetch failed: show the error and a Retry button instead of the loading message. */
  failed: boolean;
  loadingText: string;
  errorText: string;
  retryLabel: string;
  retry: () => void;
  compact?: boolean;
}

/** The list's message while it has no posts to show (a failure says so and offers a retry: docs/architecture.md, Decisions). */
export function BlogListStatus({ failed, loadingText, errorText, retryLabel, retry, compact = false }: StatusProps) {
  const className = `${styles.status} ${compact ? styles.compact : ''}`;
  if (failed) {
    return (
      <div className={className}>
        <p role="alert" className={styles.statusText}>
          {errorText}
        </p>
        <button type="button" className="button" onClick={retry}>
          {retryLabel}
        </button>
      </div>
    );
  }
  return (
    <div className={className}>
      <p role="status" className={styles.statusText}>
        <span className={styles.spinner} aria-hidden="true" />
        {loadingText}
      </p>
    </div>
  );
}
