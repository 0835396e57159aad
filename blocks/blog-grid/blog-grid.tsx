import type { BlogGridProps } from '../../src/generated/block-props';
import { useBlogs } from '../../src/features/blog/use-blogs';
import { BlogCard, BlogCardSkeleton, BlogListStatus } from '../../src/features/blog/blog-card';
import { Section } from '../../src/kit/section';
import styles from './blog-grid.module.css';

/** Placeholder cards while the list loads: two rows on wide screens, so what follows the grid stays put. */
const SKELETON_CARDS = 6;
/** The first row on a wide screen: at the top of the page, so their pictures load with it, not after the app starts. */
const EAGER_CARDS = 3;

/** Every Insights article as a card. With no posts yet, or none at all, the loading message stays. */
export default function BlogGrid({ heading, loadingText, errorText, retryLabel }: BlogGridProps) {
  const { posts, error, isLoading, retry } = useBlogs();
  const hasPosts = posts !== undefined && posts.length > 0;

  return (
    <Section heading={heading} label="Articles" align="start">
      {hasPosts ? (
        <ul className={styles.grid}>
          {posts.map((post, index) => (
            <li key={post.slug} className={styles.item}>
              {/* Without a section heading the cards' titles come right under the page's h1. */}
              <BlogCard post={post} headingLevel={heading ? 'h3' : 'h2'} eager={index < EAGER_CARDS} />
            </li>
          ))}
        </ul>
      ) : (
        <>
          <BlogListStatus failed={error !== undefined} loadingText={loadingText} errorText={errorText} retryLabel={retryLabel} retry={retry} />
          {isLoading && (
            <ul className={`${styles.grid} ${styles.skeletons}`} aria-hidden="true">
              {Array.from({ length: SKELETON_CARDS }, (_, i) => (
                <li key={i} className={styles.item}>
                  <BlogCardSkeleton />
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </Section>
  );
}
