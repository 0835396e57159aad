import type { HeroProps } from '../../src/generated/block-props';
import { Picture } from '../../src/kit/picture';
import { pictureLayout } from './hero.picture';
import { SmartLink } from '../../src/kit/smart-link';
import styles from './hero.module.css';

export default function Hero({ eyebrow, heading, text, cta, image }: HeroProps) {
  return (
    <section className={styles.hero}>
      <div className={`container ${styles.inner}`}>
        <div className={styles.copy}>
          {eyebrow && <p className={styles.eyebrow}>{eyebrow}</p>}
          <h1 className={styles.heading}>{heading}</h1>
          <p className={styles.text}>{text}</p>
          <SmartLink href={cta.href} className="button">
            {cta.label}
          </SmartLink>
        </div>
        {image && <Picture layout={pictureLayout} className={styles.image} {...image} priority />}
      </div>
    </section>
  );
}
