import { useId } from 'react';
import type { WhyJoinProps } from '../../src/generated/block-props';
import { Icon } from '../../src/lib/icon';
import { SectionHeading } from '../../src/lib/section-heading';
import styles from './why-join.module.css';

export default function WhyJoin({ eyebrow, heading, intro, reasons }: WhyJoinProps) {
  const headingId = useId();
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <div className="container">
        <SectionHeading id={headingId} eyebrow={eyebrow} heading={heading} intro={intro} />
        <ul className={styles.grid}>
          {reasons.map((reason, index) => (
            <li key={index} className={styles.card}>
              <span className={styles.icon}>
                <Icon name={reason.icon} size={28} />
              </span>
              <h3 className={styles.title}>{reason.title}</h3>
              <p className={styles.text}>{reason.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
