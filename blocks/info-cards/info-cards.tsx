import type { InfoCardsProps } from '../../src/generated/block-props';
import { Icon } from '../../src/kit/icon';
import { Section } from '../../src/kit/section';
import { ArrowLink } from '../../src/kit/arrow-link';
import styles from './info-cards.module.css';

export default function InfoCards({ heading, intro, items }: InfoCardsProps) {
  // Without a block heading the cards follow the page's h1 directly, so their titles move up a level.
  const CardHeading = heading ? 'h3' : 'h2';
  return (
    <Section tone="tint" heading={heading} intro={intro}>
      <ul className={styles.grid}>
        {items.map((item, index) => (
          <li key={index} className={styles.card}>
            <span className={styles.icon}>
              <Icon name={item.icon} size={26} />
            </span>
            <CardHeading className={styles.title}>{item.title}</CardHeading>
            <p className={styles.text}>{item.text}</p>
            {item.link && (
              <ArrowLink href={item.link.href} className={styles.link}>
                {item.link.label}
              </ArrowLink>
            )}
          </li>
        ))}
      </ul>
    </Section>
  );
}
