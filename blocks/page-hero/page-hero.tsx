import type { PageHeroProps } from '../../src/generated/block-props';
import { SmartLink } from '../../src/kit/smart-link';
import styles from './page-hero.module.css';

export default function PageHero({ eyebrow, heading, text, cta }: PageHeroProps) {
  return (
    <section className={styles.hero}>
      <div className={`container ${styles.inner}`}>
        {eyebrow && <p className={styles.eyebrow}>{eyebrow}</p>}
        <h1 className={styles.heading}>{heading}</h1>
        {text && <p className={styles.text}>{text}</p>}
        {cta && (
          <SmartLink href={cta.href} className="button button-light">
            {cta.label}
          </SmartLink>
        )}
      </div>
    </section>
  );
}
