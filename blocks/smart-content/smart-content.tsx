import type { SmartContentProps } from '../../src/generated/block-props';
import { CardGrid, cardParts } from '../../src/kit/card-grid';
import { Section } from '../../src/kit/section';
import styles from './smart-content.module.css';

export default function SmartContent({ eyebrow, heading, intro, items }: SmartContentProps) {
  return (
    <Section tone="tint" className={styles.section} eyebrow={eyebrow} heading={heading} intro={intro}>
      <CardGrid items={items} columns={2} className={styles.list} cardClassName={styles.item}>
        {(item) => (
          <>
            <h3 className={cardParts.title}>{item.title}</h3>
            <p className={cardParts.text}>{item.text}</p>
          </>
        )}
      </CardGrid>
    </Section>
  );
}
