import { useId } from 'react';
import type { AccordionProps } from '../../src/generated/block-props';
import { DisclosureItem } from '../../src/kit/disclosure-item';
import { useDisclosureGroup } from '../../src/kit/use-disclosure-group';
import styles from './accordion.module.css';

/** WAI-ARIA APG accordion: a list of DisclosureItems with first-open and one-at-a-time options. */
export default function Accordion({ heading, intro, items, firstOpen, singleOpen, headingLevel }: AccordionProps) {
  const { isOpen, toggle } = useDisclosureGroup({ count: items.length, firstOpen, singleOpen });
  const baseId = useId();

  return (
    <section className={styles.section}>
      <div className={`container ${styles.inner}`}>
        {(heading || intro) && (
          <div className={styles.header}>
            {heading && <h2 className={styles.heading}>{heading}</h2>}
            {intro && <p className={styles.intro}>{intro}</p>}
          </div>
        )}
        <div className={styles.list}>
          {items.map((item, i) => (
            <DisclosureItem key={item.id ?? i} item={item} open={isOpen(i)} onToggle={() => toggle(i)} idBase={`${baseId}-${i}`} headingLevel={headingLevel} />
          ))}
        </div>
      </div>
    </section>
  );
}
