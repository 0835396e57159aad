import { useId } from 'react';
import type { AccordionProps } from '../../src/generated/block-props';
import { DisclosureItem } from '../../src/kit/disclosure-item';
import { Section } from '../../src/kit/section';
import { useDisclosureGroup } from '../../src/kit/use-disclosure-group';
import styles from './accordion.module.css';

/** WAI-ARIA APG accordion: a list of DisclosureItems with first-open and one-at-a-time options. */
export default function Accordion({ heading, intro, items, firstOpen, singleOpen, headingLevel }: AccordionProps) {
  const { isOpen, toggle } = useDisclosureGroup({ count: items.length, firstOpen, singleOpen });
  const baseId = useId();

  return (
    // With a heading, the heading group is a column beside the list from 991 px.
    <Section heading={heading} intro={intro} align="start" layout="aside" containerClassName={heading ? styles.beside : styles.inner}>
      <div className={styles.list} data-disclosure-group={singleOpen === false ? 'multiple' : 'single'}>
        {items.map((item, i) => (
          <DisclosureItem key={item.id ?? i} item={item} open={isOpen(i)} onToggle={() => toggle(i)} idBase={`${baseId}-${i}`} headingLevel={headingLevel} />
        ))}
      </div>
    </Section>
  );
}
