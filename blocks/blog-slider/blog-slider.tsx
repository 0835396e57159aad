import type { BlogSliderProps } from '../../src/generated/block-props';
import { useBlogs } from '../../src/features/blog/use-blogs';
import { BlogCard, BlogListStatus } from '../../src/features/blog/blog-card';
import { Carousel, type CarouselConfig } from '../../src/kit/carousel';
import { Section } from '../../src/kit/section';
import { SmartLink } from '../../src/kit/smart-link';
import styles from './blog-slider.module.css';

/** 3 slides, 2 up to 991 px, 1 up to 650 px; dots, infinite, speed 500, scroll 1; no auto-rotation. */
export const blogSliderCarousel: CarouselConfig = {
  slidesToShow: 3,
  responsive: [
    { breakpoint: 991, slidesToShow: 2 },
    { breakpoint: 650, slidesToShow: 1 },
  ],
  dots: true,
};

/** The site never shows more than five posts in a slider, whatever the page asks for. */
export const MAX_POSTS = 5;

export default function BlogSlider({ eyebrow, heading, intro, limit, cta, loadingText, errorText, retryLabel }: BlogSliderProps) {
  const { posts, error, retry } = useBlogs();
  const shown = (posts ?? []).slice(0, Math.max(1, Math.min(limit, MAX_POSTS)));

  return (
    // The carousel carries the heading as its name, so the section is not named by it too.
    <Section tone="tint" labelled={false} eyebrow={eyebrow} heading={heading} intro={intro}>
      {shown.length > 0 ? (
        <Carousel label={heading} prevLabel="Previous articles" nextLabel="Next articles" config={blogSliderCarousel}>
          {shown.map((post) => (
            <div key={post.slug} className={styles.slide}>
              <BlogCard post={post} />
            </div>
          ))}
        </Carousel>
      ) : (
        <BlogListStatus compact failed={error !== undefined} loadingText={loadingText} errorText={errorText} retryLabel={retryLabel} retry={retry} />
      )}
      {cta && (
        <p className={styles.more}>
          <SmartLink href={cta.href} className="button">
            {cta.label}
          </SmartLink>
        </p>
      )}
    </Section>
  );
}
