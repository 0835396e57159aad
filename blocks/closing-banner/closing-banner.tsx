import type { ClosingBannerProps } from '../../src/generated/block-props';
import { Section } from '../../src/kit/section';
import { SmartLink } from '../../src/kit/smart-link';
import styles from './closing-banner.module.css';

export default function ClosingBanner({ heading, text, cta }: ClosingBannerProps) {
  return (
    <Section
      heading={heading}
      headingTone="inverse"
      align="start"
      spacing="flush"
      tracking="normal"
      width="column"
      containerClassName={styles.banner}
      mediaPlacement="after"
      media={
        <SmartLink href={cta.href} className="button button-light">
          {cta.label}
        </SmartLink>
      }
    >
      {text && <p className={styles.text}>{text}</p>}
    </Section>
  );
}
