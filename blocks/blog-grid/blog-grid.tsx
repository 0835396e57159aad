import type { BlogGridProps } from '../../src/generated/block-props';
import { useBlogs } from '../../src/api/use-blogs';
import { BlogCard, BlogListStatus } from '../../src/lib/blog-card';
import styles from './blog-grid.module.css';

/** Every Insights article as a card (SPEC §2.8). With no posts yet, or none at all, the loading message stays. */
export default function BlogGrid({
  heading,
  loadingText = 'Thanks for your patience. Loading...',
  errorText = "We couldn't load the articles right now.",
  retryLabel = 'Retry',
}: BlogGridProps) {
  const { posts, error, retry } = useBlogs();
  const hasPosts = posts !== undefined && posts.length > 0;

  return (
    <section className={styles.section} aria-label={heading ? undefined : 'Articles'}>
      <div className="container">
        {heading && <h2 className={styles.heading}>{heading}</h2>}
        {hasPosts ? (
          <ul className={styles.grid}>
            {posts.map((post) => (
              <li key={post.slug} className={styles.item}>
                <BlogCard post={post} />
              </li>
            ))}
          </ul>
        ) : (
          <BlogListStatus failed={error !== undefined} loadingText={loadingText} errorText={errorText} retryLabel={retryLabel} retry={retry} />
        )}
      </div>
    </section>
  );
}
