/** The heading group every content block opens with: an optional eyebrow, the h2 and an optional intro. */
import styles from './section-heading.module.css';

interface Props {
  heading: string;
  eyebrow?: string | undefined;
  intro?: string | undefined;
  id?: string;
  /** Centre the group (grids and carousels) or keep it at the start (text beside media). */
  align?: 'center' | 'start';
  /** Light text for dark bands. */
  tone?: 'default' | 'inverse';
}

export function SectionHeading({ heading, eyebrow, intro, id, align = 'center', tone = 'default' }: Props) {
  return (
    <div className={`${styles.group} ${align === 'center' ? styles.center : ''} ${tone === 'inverse' ? styles.inverse : ''}`}>
      {eyebrow && <p className={styles.eyebrow}>{eyebrow}</p>}
      <h2 id={id} className={styles.heading}>
        {heading}
      </h2>
      {intro && <p className={styles.intro}>{intro}</p>}
    </div>
  );
}
