import type { ChooseUsCardsProps } from '../../src/generated/block-props';
import { CardBadge } from '../../src/kit/card-badge';
import { CardGrid, cardParts } from '../../src/kit/card-grid';
import { Section } from '../../src/kit/section';
import styles from './choose-us-cards.module.css';

/** 1 → "01": the number is decoration (the list already conveys order and count to assistive technology). */
const twoDigits = (n: number) => String(n).padStart(2, '0');

export default function ChooseUsCards({ eyebrow, heading, intro, items }: ChooseUsCardsProps) {
  return (
    <Section className={styles.section} eyebrow={eyebrow} heading={heading} intro={intro}>
      <CardGrid items={items} className={styles.grid} cardClassName={styles.card}>
        {(item, index) => (
          <>
            <div className={styles.marker}>
              <CardBadge icon={item.icon} iconSize={30} className={styles.icon} />
              <span className={styles.number} aria-hidden="true">
                {twoDigits(index + 1)}
              </span>
            </div>
            <div>
              <h3 className={styles.title}>{item.title}</h3>
              <p className={cardParts.text}>{item.text}</p>
            </div>
          </>
        )}
      </CardGrid>
    </Section>
  );
}
