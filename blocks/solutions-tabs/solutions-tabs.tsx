import { useId, useRef, useState, type KeyboardEvent } from 'react';
import type { SolutionsTabsItem, SolutionsTabsProps } from '../../src/generated/block-props';
import { DisclosureHeading } from '../../src/kit/disclosure-heading';
import { SmartLink } from '../../src/kit/smart-link';
import { useDisclosureGroup } from '../../src/kit/use-disclosure-group';
import styles from './solutions-tabs.module.css';
import { Picture } from '../../src/kit/picture';
import { pictureLayout } from './solutions-tabs.picture';
import { Section } from '../../src/kit/section';

/**
 * Both layouts are rendered and CSS shows one (vertical tabs from 991 px, an accordion below), so the
 * server HTML, the first client render and the layout never depend on the window width. The hidden one
 * is display: none, which also removes it from the accessibility tree and the tab order.
 */
export default function SolutionsTabs({ heading, intro, items }: SolutionsTabsProps) {
  const baseId = useId();
  const headingId = `${baseId}-heading`;
  // The heading names the tab list rather than the section.
  return (
    <Section tone="tint" labelled={false} headingId={headingId} heading={heading} intro={intro} align="start">
      <SolutionTabs items={items} baseId={baseId} headingId={headingId} />
      <SolutionAccordion items={items} baseId={baseId} />
    </Section>
  );
}

interface LayoutProps {
  items: SolutionsTabsItem[];
  baseId: string;
}

/** WAI-ARIA APG tabs, vertical, with automatic activation: moving focus selects. */
function SolutionTabs({ items, baseId, headingId }: LayoutProps & { headingId: string }) {
  const [selected, setSelected] = useState(0);
  const tabRefs = useRef<Array<HTMLButtonElement | null>>([]);
  const tabId = (i: number) => `${baseId}-tab-${i}`;
  const panelId = (i: number) => `${baseId}-tabpanel-${i}`;

  const select = (i: number) => {
    setSelected(i);
    tabRefs.current[i]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, i: number) => {
    const last = items.length - 1;
    const next: Record<string, number> = { ArrowDown: i === last ? 0 : i + 1, ArrowUp: i === 0 ? last : i - 1, Home: 0, End: last };
    const target = next[event.key];
    if (target === undefined) return;
    event.preventDefault();
    select(target);
  };

  return (
    <div className={styles.tabs}>
      <div role="tablist" aria-orientation="vertical" aria-labelledby={headingId} className={styles.tablist}>
        {items.map((item, i) => (
          <button
            key={i}
            ref={(el) => {
              tabRefs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={tabId(i)}
            aria-selected={i === selected}
            aria-controls={panelId(i)}
            tabIndex={i === selected ? 0 : -1}
            className={styles.tab}
            onClick={() => select(i)}
            onKeyDown={(e) => onKeyDown(e, i)}
          >
            <span className={styles.tabNumber} aria-hidden="true">
              {String(i + 1).padStart(2, '0')}
            </span>
            <span>{item.title}</span>
          </button>
        ))}
      </div>
      {items.map((item, i) => (
        <div key={i} role="tabpanel" id={panelId(i)} aria-labelledby={tabId(i)} tabIndex={0} hidden={i !== selected} className={styles.panel}>
          <div className={styles.panelText}>
            <h3 className={styles.panelHeading}>{item.title}</h3>
            <p className={styles.content}>{item.text}</p>
            <ExploreLink item={item} />
          </div>
          <SolutionImage item={item} className={styles.panelImage} />
        </div>
      ))}
    </div>
  );
}

/** Small screens: all collapsed at first, one open at a time. */
function SolutionAccordion({ items, baseId }: LayoutProps) {
  const { isOpen, toggle } = useDisclosureGroup({ count: items.length, firstOpen: false, singleOpen: true });
  return (
    <div className={styles.accordion} data-disclosure-group="single">
      {items.map((item, i) => {
        const open = isOpen(i);
        const buttonId = `${baseId}-acc-button-${i}`;
        const panelId = `${baseId}-acc-panel-${i}`;
        return (
          <div key={i} className={styles.accItem} data-open={open || undefined} data-disclosure-item="">
            <DisclosureHeading level={3} buttonId={buttonId} panelId={panelId} open={open} onToggle={() => toggle(i)}>
              <span>{item.title}</span>
              <span className={styles.chevron} aria-hidden="true" />
            </DisclosureHeading>
            <div id={panelId} role="region" aria-labelledby={buttonId} hidden={!open} className={styles.accPanel}>
              <SolutionImage item={item} className={styles.accImage} />
              <p className={styles.content}>{item.text}</p>
              <ExploreLink item={item} />
            </div>
          </div>
        );
      })}
    </div>
  );
}

function ExploreLink({ item }: { item: SolutionsTabsItem }) {
  return (
    <SmartLink href={item.link.href} className={`button ${styles.link}`}>
      {item.link.label}
      {/* Seven identical "Explore More!" links need their own names for screen-reader link lists. */}
      <span className="visually-hidden"> about {item.title}</span>
    </SmartLink>
  );
}

function SolutionImage({ item, className }: { item: SolutionsTabsItem; className: string | undefined }) {
  return <Picture layout={pictureLayout} className={className} {...item.image} />;
}
