import { useId } from 'react';
import type { AccordionProps } from '../../src/generated/block-props';
import { useDisclosureGroup } from '../../src/lib/use-disclosure-group';
import styles from './accordion.module.css';

/** WAI-ARIA APG accordion: heading › button[aria-expanded] controlling a labelled region. */
export default function Accordion({ heading, intro, items, firstOpen = false, singleOpen = true, headingLevel = 3 }: AccordionProps) {
  const { isOpen, toggle } = useDisclosureGroup({ count: items.length, firstOpen, singleOpen });
  const baseId = useId();
  const ItemHeading = `h${headingLevel}` as 'h2' | 'h3' | 'h4';

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
          {items.map((item, i) => {
            const open = isOpen(i);
            const buttonId = `${baseId}-button-${i}`;
            const panelId = `${baseId}-panel-${i}`;
            return (
              <div key={item.id ?? i} className={styles.item} data-open={open || undefined}>
                <ItemHeading className={styles.itemHeading}>
                  <button type="button" id={buttonId} className={styles.trigger} aria-expanded={open} aria-controls={panelId} onClick={() => toggle(i)}>
                    <span className={styles.title}>{item.title}</span>
                    <span className={styles.icon} aria-hidden="true" />
                  </button>
                </ItemHeading>
                {/* Closed panels keep their text in the HTML (search engines read it); `hidden` hides it from everyone else. */}
                <div id={panelId} role="region" aria-labelledby={buttonId} className={styles.panel} hidden={!open}>
                  <p className={styles.content}>{item.content}</p>
                  {item.listItems && (
                    <ul className={styles.bullets}>
                      {item.listItems.map((text, j) => (
                        <li key={j}>{text}</li>
                      ))}
                    </ul>
                  )}
                </div>
              </div>
            );
          })}
        </div>
      </div>
    </section>
  );
}
