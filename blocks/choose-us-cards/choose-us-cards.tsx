import { useId } from 'react';
import type { ChooseUsCardsProps } from '../../src/generated/block-props';
import { Icon } from '../../src/kit/icon';
import { SectionHeading } from '../../src/kit/section-heading';
import styles from './choose-us-cards.module.css';

/** 1 → "01": the number is decoration (the list already conveys order and count to assistive technology). */
const twoDigits = (n: number) => String(n).padStart(2, '0');

export default function ChooseUsCards({ eyebrow, heading, intro, items }: ChooseUsCardsProps) {
  const headingId = useId();
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <div className="container">
        <SectionHeading id={headingId} eyebrow={eyebrow} heading={heading} intro={intro} />
        <ul className={styles.grid}>
          {items.map((item, index) => (
            <li key={index} className={styles.card}>
              <div className={styles.marker}>
                <span className={styles.icon}>
                  <Icon name={item.icon} size={30} />
                </span>
                <span className={styles.number} aria-hidden="true">
                  {twoDigits(index + 1)}
                </span>
              </div>
              <div className={styles.body}>
                <h3 className={styles.title}>{item.title}</h3>
                <p className={styles.text}>{item.text}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
