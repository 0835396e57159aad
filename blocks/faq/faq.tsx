import { useId, useState } from 'react';
import { ArrowRight, Search } from 'lucide-react';
import type { FaqProps } from '../../src/generated/block-props';
import { Section } from '../../src/kit/section';
import { SmartLink } from '../../src/kit/smart-link';
import { useDisclosureGroup } from '../../src/kit/use-disclosure-group';
import { matchingIndices, resultsMessage } from './faq-search.enhance';
import styles from './faq.module.css';
import { DisclosureItem } from '../../src/kit/disclosure-item';

/** Searchable FAQ: a search box that filters the APG accordion below it, announced through a live region. */
export default function Faq({ heading, intro, searchLabel, searchPlaceholder, noResultsText, items, supportLink }: FaqProps) {
  const [query, setQuery] = useState('');
  // Open state is kept by each item's position in the full list, so filtering never reopens or moves it.
  const { isOpen, toggle } = useDisclosureGroup({ count: items.length, firstOpen: true, singleOpen: true });
  const baseId = useId();
  const searchId = `${baseId}-search`;
  const matches = matchingIndices(items, query);
  const message = resultsMessage(matches.length, items.length, query, noResultsText);

  return (
    <Section heading={heading} intro={intro}>
      <div className={styles.toolbar}>
        <div role="search" className={styles.search}>
          <label htmlFor={searchId} className={styles.searchLabel}>
            {searchLabel}
          </label>
          <div className={styles.field}>
            <Search className={styles.searchIcon} aria-hidden="true" focusable="false" />
            <input id={searchId} type="search" className={styles.input} placeholder={searchPlaceholder} value={query} onChange={(event) => setQuery(event.target.value)} autoComplete="off" spellCheck={false} />
          </div>
        </div>
        <SmartLink href={supportLink.href} className={`button ${styles.support}`}>
          {supportLink.label}
          <ArrowRight className={styles.arrow} aria-hidden="true" focusable="false" />
        </SmartLink>
      </div>
      {/* Present from the first render (empty), so screen readers announce each change as the visitor types. */}
      {/* faq.enhance.ts words it the same way where the block runs without React: the no-results text rides along. */}
      <p role="status" aria-live="polite" className={styles.status} data-no-results={matches.length === 0 || undefined} data-no-results-text={noResultsText}>
        {message}
      </p>
      {matches.length > 0 && (
        // The questions sit under the block's own h2.
        <div className={styles.list} data-disclosure-group="single">
          {matches.map((i) => (
            <DisclosureItem key={items[i]!.id ?? i} item={items[i]!} open={isOpen(i)} onToggle={() => toggle(i)} idBase={`${baseId}-${i}`} headingLevel={3} />
          ))}
        </div>
      )}
    </Section>
  );
}
