import type { SmartSolutionsProps } from '../../src/generated/block-props';
import { Icon } from '../../src/kit/icon';
import { SmartLink } from '../../src/kit/smart-link';
import styles from './smart-solutions.module.css';

export default function SmartSolutions({ eyebrow, heading, intro, items, cta }: SmartSolutionsProps) {
  return (
    <section className={styles.section}>
      <div className={`container ${styles.inner}`}>
        <header className={styles.header}>
          <div>
            {eyebrow && <p className={styles.eyebrow}>{eyebrow}</p>}
            <h2 className={styles.heading}>{heading}</h2>
          </div>
          {intro && <p className={styles.intro}>{intro}</p>}
        </header>
        <ul className={styles.grid}>
          {items.map((item, index) => {
            return (
              <li key={index} className={item.icon ? `${styles.card} ${styles.withIcon}` : styles.card}>
                {item.icon && (
                  <span className={styles.iconBox}>
                    <Icon name={item.icon} size={26} />
                  </span>
                )}
                <h3 className={styles.title}>{item.title}</h3>
                <p className={styles.text}>{item.text}</p>
              </li>
            );
          })}
        </ul>
        {cta && (
          <div className={styles.actions}>
            <SmartLink href={cta.href} className="button button-light">
              {cta.label}
            </SmartLink>
          </div>
        )}
      </div>
    </section>
  );
}
