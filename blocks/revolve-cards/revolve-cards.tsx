import { useId } from 'react';
import type { RevolveCardsProps } from '../../src/generated/block-props';
import { Icon } from '../../src/kit/icon';
import { SectionHeading } from '../../src/kit/section-heading';
import styles from './revolve-cards.module.css';

export default function RevolveCards({ eyebrow, heading, intro, items }: RevolveCardsProps) {
  const headingId = useId();
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <div className="container">
        <SectionHeading id={headingId} eyebrow={eyebrow} heading={heading} intro={intro} />
        <ul className={styles.grid}>
          {items.map((item, index) => (
            <li key={index} className={styles.card}>
              <span className={styles.badge}>
                <Icon name={item.icon} size={28} />
              </span>
              <h3 className={styles.title}>{item.title}</h3>
              <p className={styles.text}>{item.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
