import { useId } from 'react';
import type { LegalTextProps } from '../../src/generated/block-props';
import { Section } from '../../src/kit/section';
import { SmartLink } from '../../src/kit/smart-link';
import styles from './legal-text.module.css';

/** A legal document: a table of contents beside numbered sections, each an h2 with optional h3 sub-sections. */
export default function LegalText({ updated, tocLabel, sections }: LegalTextProps) {
  const tocId = useId();
  return (
    // No band heading: the document's parts carry the h2s.
    <Section containerClassName={styles.inner}>
      <nav className={styles.toc} aria-labelledby={tocId}>
        <p id={tocId} className={styles.tocLabel}>
          {tocLabel}
        </p>
        <ol className={styles.tocList}>
          {sections.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`}>{section.heading}</a>
            </li>
          ))}
        </ol>
      </nav>
      <div className={styles.document}>
        {updated && <p className={styles.updated}>{updated}</p>}
        {sections.map((section) => (
          <section key={section.id} id={section.id} className={styles.part} aria-labelledby={`${section.id}-heading`}>
            <h2 id={`${section.id}-heading`} className={styles.heading}>
              {section.heading}
            </h2>
            {section.paragraphs.map((text, i) => (
              <p key={i}>{text}</p>
            ))}
            {section.list && (
              <ul className={styles.list}>
                {section.list.map((text, i) => (
                  <li key={i}>{text}</li>
                ))}
              </ul>
            )}
            {section.subsections?.map((sub, i) => (
              <div key={i} className={styles.subsection}>
                <h3 className={styles.subheading}>{sub.heading}</h3>
                {sub.paragraphs.map((text, j) => (
                  <p key={j}>{text}</p>
                ))}
              </div>
            ))}
            {section.links && (
              <ul className={styles.links}>
                {section.links.map((link, i) => (
                  <li key={i}>
                    <SmartLink href={link.href}>{link.label}</SmartLink>
                  </li>
                ))}
              </ul>
            )}
          </section>
        ))}
      </div>
    </Section>
  );
}
