import type { RevolveCardsProps } from '../../src/generated/block-props';
import { CardBadge } from '../../src/kit/card-badge';
import { CardGrid } from '../../src/kit/card-grid';
import { Section } from '../../src/kit/section';
import styles from './revolve-cards.module.css';

export default function RevolveCards({ eyebrow, heading, intro, items }: RevolveCardsProps) {
  return (
    <Section tone="surface" eyebrow={eyebrow} heading={heading} intro={intro}>
      <CardGrid items={items} columns={3} cardClassName={styles.card}>
        {(item) => (
          <>
            <CardBadge icon={item.icon} iconSize={28} className={styles.badge} />
            <h3 className={styles.title}>{item.title}</h3>
            <p className={styles.text}>{item.text}</p>
          </>
        )}
      </CardGrid>
    </Section>
  );
}
