import type { SmartSolutionsProps } from '../../src/generated/block-props';
import { CardBadge } from '../../src/kit/card-badge';
import { CardGrid } from '../../src/kit/card-grid';
import { Section } from '../../src/kit/section';
import { SmartLink } from '../../src/kit/smart-link';
import styles from './smart-solutions.module.css';

export default function SmartSolutions({ eyebrow, heading, intro, items, cta }: SmartSolutionsProps) {
  return (
    <Section tone="deep" labelled={false} className={styles.section} eyebrow={eyebrow} heading={heading} intro={intro} align="start" layout="split" spacing="roomy">
      <CardGrid items={items} columns={3} cardClassName={(item) => (item.icon ? `${styles.card} ${styles.withIcon}` : styles.card)}>
        {(item) => (
          <>
            {item.icon && <CardBadge icon={item.icon} iconSize={26} className={styles.iconBox} />}
            <h3 className={styles.title}>{item.title}</h3>
            <p className={styles.text}>{item.text}</p>
          </>
        )}
      </CardGrid>
      {cta && (
        <div className={styles.actions}>
          <SmartLink href={cta.href} className="button button-light">
            {cta.label}
          </SmartLink>
        </div>
      )}
    </Section>
  );
}
