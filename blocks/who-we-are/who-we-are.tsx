import { CircleCheck } from 'lucide-react';
import type { WhoWeAreProps } from '../../src/generated/block-props';
import { Picture } from '../../src/kit/picture';
import { ArrowLink } from '../../src/kit/arrow-link';
import styles from './who-we-are.module.css';

export default function WhoWeAre({ eyebrow, heading, paragraphs, highlights, image, imageSide, link }: WhoWeAreProps) {
  return (
    <section className={styles.section}>
      <div className={`container ${styles.inner} ${imageSide === 'end' ? styles.imageEnd : ''}`}>
        <div className={styles.media}>
          <Picture layout="who-we-are" className={styles.image} {...image} />
        </div>
        <div className={styles.copy}>
          {eyebrow && <p className={styles.eyebrow}>{eyebrow}</p>}
          <h2 className={styles.heading}>{heading}</h2>
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
        </div>
      </div>
    </section>
  );
}
