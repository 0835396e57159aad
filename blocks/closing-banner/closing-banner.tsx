import type { ClosingBannerProps } from '../../src/generated/block-props';
import { SmartLink } from '../../src/kit/smart-link';
import styles from './closing-banner.module.css';

export default function ClosingBanner({ heading, text, cta }: ClosingBannerProps) {
  return (
    <section className={styles.section}>
      <div className={`container ${styles.banner}`}>
        <div>
          <h2 className={styles.heading}>{heading}</h2>
          {text && <p className={styles.text}>{text}</p>}
        </div>
        <SmartLink href={cta.href} className="button button-light">
          {cta.label}
        </SmartLink>
      </div>
    </section>
  );
}
