/** A disclosure's heading: the button that opens and closes its panel (the WAI-ARIA APG accordion header). */
import type { ReactNode } from 'react';
import styles from './disclosure-heading.module.css';

interface Props {
  level: 2 | 3 | 4;
  /** The button's id; the panel's region is labelled by it. */
  buttonId: string;
  panelId: string;
  open: boolean;
  onToggle: () => void;
  /** The button's content: the title and a decorative open/closed marker. */
  children: ReactNode;
}

export function DisclosureHeading({ level, buttonId, panelId, open, onToggle, children }: Props) {
  const Heading = `h${level}` as 'h2' | 'h3' | 'h4';
  return (
    <Heading className={styles.heading}>
      <button type="button" id={buttonId} className={styles.trigger} aria-expanded={open} aria-controls={panelId} onClick={onToggle}>
        {children}
      </button>
    </Heading>
  );
}
