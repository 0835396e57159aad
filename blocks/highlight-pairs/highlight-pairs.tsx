import type { HighlightPairsProps } from '../../src/generated/block-props';
import { Section } from '../../src/kit/section';
import styles from './highlight-pairs.module.css';

export default function HighlightPairs({ heading, pairs }: HighlightPairsProps) {
  // Without a section heading the panels are the section's top-level headings, so the outline keeps no gap.
  const PanelHeading = heading ? 'h3' : 'h2';
  return (
    <Section tone="surface" heading={heading}>
      <div className={styles.rows}>
        {pairs.map((pair, index) => (
          <div key={index} className={styles.pair}>
            <div className={`${styles.panel} ${styles.dark}`}>
              <PanelHeading className={styles.title}>{pair.first.heading}</PanelHeading>
              <p className={styles.text}>{pair.first.content}</p>
            </div>
            <div className={`${styles.panel} ${styles.light}`}>
              <PanelHeading className={styles.title}>{pair.second.heading}</PanelHeading>
              <p className={styles.text}>{pair.second.content}</p>
            </div>
          </div>
        ))}
      </div>
    </Section>
  );
}
