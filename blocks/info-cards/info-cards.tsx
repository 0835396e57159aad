import { useId } from 'react';
import { ArrowRight } from 'lucide-react';
import type { InfoCardsProps } from '../../src/generated/block-props';
import { Icon } from '../../src/kit/icon';
import { SectionHeading } from '../../src/kit/section-heading';
import { SmartLink } from '../../src/kit/smart-link';
import styles from './info-cards.module.css';

export default function InfoCards({ heading, intro, items }: InfoCardsProps) {
  const headingId = useId();
  // Without a block heading the cards follow the page's h1 directly, so their titles move up a level.
  const CardHeading = heading ? 'h3' : 'h2';
  return (
    <section className={styles.section} aria-labelledby={heading ? headingId : undefined}>
      <div className="container">
        {heading && <SectionHeading id={headingId} heading={heading} intro={intro} />}
        <ul className={styles.grid}>
          {items.map((item, index) => (
            <li key={index} className={styles.card}>
              <span className={styles.icon}>
                <Icon name={item.icon} size={26} />
              </span>
              <CardHeading className={styles.title}>{item.title}</CardHeading>
              <p className={styles.text}>{item.text}</p>
              {item.link && (
                <SmartLink href={item.link.href} className={styles.link}>
                  {item.link.label}
                  <ArrowRight className={styles.arrow} aria-hidden="true" focusable="false" />
                </SmartLink>
              )}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
