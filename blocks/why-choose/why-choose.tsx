import { CircleCheck } from 'lucide-react';
import type { WhyChooseProps } from '../../src/generated/block-props';
import { Picture } from '../../src/kit/picture';
import { pictureLayout } from './why-choose.picture';
import { Section } from '../../src/kit/section';
import { ArrowLink } from '../../src/kit/arrow-link';
import styles from './why-choose.module.css';

export default function WhyChoose({ heading, subheading, image, points, cta }: WhyChooseProps) {
  return (
    <Section
      tone="surface"
      heading={heading}
      intro={subheading}
      align="start"
      containerClassName={styles.inner}
      copyClassName={styles.copy}
      media={
        <div className={styles.media}>
          <Picture layout={pictureLayout} className={styles.image} {...image} />
        </div>
      }
    >
      <ul className={styles.points}>
        {points.map((point, index) => (
          <li key={index} className={styles.point}>
            <CircleCheck className={styles.check} aria-hidden="true" focusable="false" />
            <span>{point.content}</span>
          </li>
        ))}
      </ul>
      <ArrowLink href={cta.href} className="button">
        {cta.label}
      </ArrowLink>
    </Section>
  );
}
