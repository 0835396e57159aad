import { CircleCheck } from 'lucide-react';
import type { WhoWeAreProps } from '../../src/generated/block-props';
import { Picture } from '../../src/kit/picture';
import { pictureLayout } from './who-we-are.picture';
import { Section } from '../../src/kit/section';
import { ArrowLink } from '../../src/kit/arrow-link';
import styles from './who-we-are.module.css';

export default function WhoWeAre({ eyebrow, heading, paragraphs, highlights, image, imageSide, link }: WhoWeAreProps) {
  return (
    <Section
      tone="surface"
      eyebrow={eyebrow}
      heading={heading}
      align="start"
      spacing="flush"
      eyebrowMark
      containerClassName={`${styles.inner} ${imageSide === 'end' ? styles.imageEnd : ''}`}
      media={
        <div className={styles.media}>
          <Picture layout={pictureLayout} className={styles.image} {...image} />
        </div>
      }
    >
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
      {link && (
        <ArrowLink href={link.href} className="button">
          {link.label}
        </ArrowLink>
      )}
    </Section>
  );
}
