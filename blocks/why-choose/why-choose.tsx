import { useId } from 'react';
import { ArrowRight, CircleCheck } from 'lucide-react';
import type { WhyChooseProps } from '../../src/generated/block-props';
import { Picture } from '../../src/kit/picture';
import { SectionHeading } from '../../src/kit/section-heading';
import { SmartLink } from '../../src/kit/smart-link';
import styles from './why-choose.module.css';

export default function WhyChoose({ heading, subheading, image, points, cta }: WhyChooseProps) {
  const headingId = useId();
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <div className={`container ${styles.inner}`}>
        <div className={styles.media}>
          <Picture layout="why-choose" className={styles.image} {...image} />
        </div>
        <div className={styles.copy}>
          <SectionHeading id={headingId} heading={heading} intro={subheading} align="start" />
          <ul className={styles.points}>
            {points.map((point, index) => (
              <li key={index} className={styles.point}>
                <CircleCheck className={styles.check} aria-hidden="true" focusable="false" />
                <span>{point.content}</span>
              </li>
            ))}
          </ul>
          <SmartLink href={cta.href} className={`button ${styles.cta}`}>
            {cta.label}
            <ArrowRight className={styles.arrow} aria-hidden="true" focusable="false" />
          </SmartLink>
        </div>
      </div>
    </section>
  );
}
