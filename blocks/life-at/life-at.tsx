import { useId } from 'react';
import { CircleCheck } from 'lucide-react';
import type { LifeAtProps } from '../../src/generated/block-props';
import { LazyImage } from '../../src/lib/lazy-image';
import { SectionHeading } from '../../src/lib/section-heading';
import styles from './life-at.module.css';

export default function LifeAt({ eyebrow, heading, paragraphs, highlights, image }: LifeAtProps) {
  const headingId = useId();
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <div className={`container ${styles.inner}`}>
        <div className={styles.copy}>
          <SectionHeading id={headingId} eyebrow={eyebrow} heading={heading} align="start" />
          {paragraphs.map((text, index) => (
            <p key={index} className={styles.paragraph}>
              {text}
            </p>
          ))}
          {highlights && (
            <ul className={styles.highlights}>
              {highlights.map((text, index) => (
                <li key={index} className={styles.highlight}>
                  <CircleCheck className={styles.check} aria-hidden="true" focusable="false" />
                  <span>{text}</span>
                </li>
              ))}
            </ul>
          )}
        </div>
        <div className={styles.media}>
          <LazyImage className={styles.image} src={image.src} alt={image.alt} width={image.width} height={image.height} />
        </div>
      </div>
    </section>
  );
}
