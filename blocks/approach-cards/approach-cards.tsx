import type { ApproachCardsProps } from '../../src/generated/block-props';
import styles from './approach-cards.module.css';
import { LazyImage } from '../../src/kit/lazy-image';

export default function ApproachCards({ eyebrow, heading, intro, numbered = false, items }: ApproachCardsProps) {
  // A sequence is an ordered list, so screen readers announce "1 of 6"; the visible step number is CSS only.
  const List = numbered ? 'ol' : 'ul';
  return (
    <section className={styles.section}>
      <div className="container">
        <header className={styles.header}>
          {eyebrow && <p className={styles.eyebrow}>{eyebrow}</p>}
          <h2 className={styles.heading}>{heading}</h2>
          {intro && <p className={styles.intro}>{intro}</p>}
        </header>
        <List className={`${styles.grid} ${numbered ? styles.numbered : ''}`}>
          {items.map((item, index) => (
            <li key={item.id === undefined ? `at-${index}` : `id-${item.id}`} className={styles.card}>
              <LazyImage className={styles.icon} src={item.image.src} alt={item.image.alt} width={item.image.width} height={item.image.height} />
              <h3 className={styles.title}>{item.title}</h3>
              <p className={styles.text}>{item.text}</p>
            </li>
          ))}
        </List>
      </div>
    </section>
  );
}
