import { Check, Eye, Target } from 'lucide-react';
import type { VisionMissionProps } from '../../src/generated/block-props';
import { Section } from '../../src/kit/section';
import styles from './vision-mission.module.css';

export default function VisionMission({ heading, vision, mission, promise }: VisionMissionProps) {
  // Without a section heading the card titles are the section's h2s; with one they sit under it as h3s.
  const Title = heading ? 'h3' : 'h2';
  const cards = [
    { key: 'vision', card: vision, Icon: Eye, className: styles.vision },
    { key: 'mission', card: mission, Icon: Target, className: styles.mission },
  ];
  return (
    <Section tone="tint" heading={heading} spacing="compact">
      <div className={styles.cards}>
        {cards.map(({ key, card, Icon, className }) => (
          <div key={key} className={`${styles.card} ${className}`}>
            <span className={styles.badge}>
              <Icon className={styles.badgeIcon} aria-hidden="true" focusable="false" />
            </span>
            <Title className={styles.cardTitle}>{card.heading}</Title>
            <p className={styles.cardText}>{card.text}</p>
          </div>
        ))}
      </div>
      {promise && (
        <div className={styles.promise}>
          <Title className={styles.promiseHead}>{promise.listHead}</Title>
          <ul className={styles.promiseList}>
            {promise.list.map((text, index) => (
              <li key={index} className={styles.promiseItem}>
                <span className={styles.tick}>
                  <Check className={styles.tickIcon} aria-hidden="true" focusable="false" strokeWidth={3} />
                </span>
                <span>{text}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </Section>
  );
}
