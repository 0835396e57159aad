import { useId } from 'react';
import type { SmartContentProps } from '../../src/generated/block-props';
import { SectionHeading } from '../../src/kit/section-heading';
import styles from './smart-content.module.css';

export default function SmartContent({ eyebrow, heading, intro, items }: SmartContentProps) {
  const headingId = useId();
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <div className="container">
        <SectionHeading id={headingId} eyebrow={eyebrow} heading={heading} intro={intro} />
        <ul className={styles.list}>
          {items.map((item, index) => (
            <li key={index} className={styles.item}>
              <h3 className={styles.title}>{item.title}</h3>
              <p className={styles.text}>{item.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
