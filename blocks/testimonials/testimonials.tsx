import { Quote } from 'lucide-react';
import type { TestimonialsProps } from '../../src/generated/block-props';
import { Carousel, type CarouselConfig } from '../../src/kit/carousel';
import styles from './testimonials.module.css';
import { Picture } from '../../src/kit/picture';
import { pictureLayout } from './testimonials.picture';
import { Section } from '../../src/kit/section';

/** 2 slides, 1 below 600 px; dots, infinite, speed 500, scroll 1; no auto-rotation. */
export const testimonialsCarousel: CarouselConfig = {
  slidesToShow: 2,
  responsive: [{ breakpoint: 600, slidesToShow: 1 }],
  dots: true,
};

export default function Testimonials({ heading, intro, items }: TestimonialsProps) {
  return (
    // The carousel carries the heading as its name, so the section is not named by it too.
    <Section tone="tint" labelled={false} heading={heading} intro={intro} align="start">
      <Carousel label={heading} prevLabel="Previous testimonials" nextLabel="Next testimonials" config={testimonialsCarousel}>
        {items.map((item, i) => (
          <figure key={i} className={styles.card}>
            <Quote className={styles.mark} aria-hidden="true" focusable="false" size={32} />
            <blockquote className={styles.quote}>
              <p>{item.quote}</p>
            </blockquote>
            <figcaption className={styles.caption}>
              {item.image && <Picture layout={pictureLayout} className={styles.avatar} {...item.image} />}
              <span className={styles.who}>
                <span className={styles.role}>{item.role}</span>
                <span className={styles.company}>{item.company}</span>
              </span>
            </figcaption>
          </figure>
        ))}
      </Carousel>
    </Section>
  );
}
