import { useState, type FocusEvent } from 'react';
import { ArrowRight } from 'lucide-react';
import type { SectorSliderProps } from '../../src/generated/block-props';
import { Carousel, type CarouselConfig } from '../../src/kit/carousel';
import { SmartLink } from '../../src/kit/smart-link';
import styles from './sector-slider.module.css';
import { Picture } from '../../src/kit/picture';
import { pictureLayout } from './sector-slider.picture';
import { Section } from '../../src/kit/section';

/** 4 slides, 3 below 1200 px, 2 below 767 px, 1 below 600 px; infinite, speed 500, scroll 1, no dots. */
export const sectorCarousel: CarouselConfig = {
  slidesToShow: 4,
  responsive: [
    { breakpoint: 1200, slidesToShow: 3 },
    { breakpoint: 767, slidesToShow: 2 },
    { breakpoint: 600, slidesToShow: 1 },
  ],
};

export default function SectorSlider({ heading, intro, items }: SectorSliderProps) {
  // The hovered sector's id, cleared when the pointer leaves; keyboard focus highlights the same way.
  const [highlighted, setHighlighted] = useState<string | null>(null);
  const clear = (id: string) => setHighlighted((current) => (current === id ? null : current));
  const onBlur = (id: string) => (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) clear(id);
  };

  return (
    // The carousel is named by the heading, so the section itself is not.
    <Section labelled={false} heading={heading} intro={intro} align="start">
      <Carousel label={heading} prevLabel="Previous sectors" nextLabel="Next sectors" config={sectorCarousel}>
        {items.map((item) => {
          const active = highlighted === item.id;
          return (
            <article
              key={item.id}
              className={`${styles.card}${active ? ` ${styles.active}` : ''}`}
              data-highlighted={active ? 'true' : undefined}
              onMouseEnter={() => setHighlighted(item.id)}
              onMouseLeave={() => clear(item.id)}
              onFocus={() => setHighlighted(item.id)}
              onBlur={onBlur(item.id)}
            >
              <Picture layout={pictureLayout} className={styles.icon} {...item.image} />
              <h3 className={styles.title}>{item.title}</h3>
              <p className={styles.description}>{item.text}</p>
              <SmartLink href={item.link.href} className={styles.link}>
                {item.link.label}
                <span className="visually-hidden">: {item.title}</span>
                <ArrowRight aria-hidden="true" focusable="false" size={18} />
              </SmartLink>
            </article>
          );
        })}
      </Carousel>
    </Section>
  );
}
