/** One accordion item (WAI-ARIA APG): heading › button[aria-expanded] controlling a labelled region. */
import { DisclosureHeading } from './disclosure-heading';
import styles from './disclosure-item.module.css';

export interface DisclosureItemContent {
  title: string;
  content: string;
  listItems?: string[] | undefined;
}

interface Props {
  item: DisclosureItemContent;
  open: boolean;
  onToggle: () => void;
  /** Unique per item on the page (from useId). */
  idBase: string;
  headingLevel: 2 | 3 | 4;
}

export function DisclosureItem({ item, open, onToggle, idBase, headingLevel }: Props) {
  const buttonId = `${idBase}-button`;
  const panelId = `${idBase}-panel`;
  return (
    <div className={styles.item} data-open={open || undefined} data-disclosure-item="">
      <DisclosureHeading level={headingLevel} buttonId={buttonId} panelId={panelId} open={open} onToggle={onToggle}>
        <span className={styles.title}>{item.title}</span>
        <span className={styles.icon} aria-hidden="true" />
      </DisclosureHeading>
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
}
