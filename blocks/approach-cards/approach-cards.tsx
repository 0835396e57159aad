import type { ApproachCardsProps } from '../../src/generated/block-props';
import styles from './approach-cards.module.css';
import { CardGrid, cardParts } from '../../src/kit/card-grid';
import { Picture } from '../../src/kit/picture';
import { pictureLayout } from './approach-cards.picture';
import { Section } from '../../src/kit/section';

export default function ApproachCards({ eyebrow, heading, intro, numbered, items }: ApproachCardsProps) {
  return (
    <Section tone="tint" labelled={false} eyebrow={eyebrow} heading={heading} intro={intro} spacing="roomy">
      {/* A sequence is an ordered list, so screen readers announce "1 of 6"; the visible step number is CSS only. */}
      <CardGrid items={items} columns={3} ordered={numbered} className={numbered ? styles.numbered : undefined} cardClassName={styles.card} itemKey={(item, index) => (item.id === undefined ? `at-${index}` : `id-${item.id}`)}>
        {(item) => (
          <>
            <Picture layout={pictureLayout} className={styles.icon} {...item.image} />
            <h3 className={cardParts.title}>{item.title}</h3>
            <p className={cardParts.text}>{item.text}</p>
          </>
        )}
      </CardGrid>
    </Section>
  );
}
