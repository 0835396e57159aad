/** The heading group every content block opens with: an optional eyebrow, the h2 and an optional intro. */
import styles from './section-heading.module.css';

export interface SectionHeadingProps {
  heading: string;
  eyebrow?: string | undefined;
  intro?: string | undefined;
  id?: string | undefined;
  /** Centre the group (grids and carousels) or keep it at the start (text beside media). */
  align?: 'center' | 'start';
  /** Light text for dark bands. */
  tone?: 'default' | 'inverse';
  /** Stacked, split (the eyebrow and heading on one side and the intro on the other from 991 px), or aside: a
   * column beside the block's content, with no space under it and held under the site header from 991 px. */
  layout?: 'stack' | 'split' | 'aside';
  /** Roomy leaves more space under the eyebrow and under the group; compact leaves only the group's own space under its
   * last line; flush leaves only the heading's own space, for copy that runs on under it. */
  spacing?: 'default' | 'roomy' | 'compact' | 'flush';
  /** A short accent bar before the eyebrow. */
  eyebrowMark?: boolean;
  /** The heading's letter spacing: tight, or the font's own (the closing banner and the contact form, whose headings
   * wrap where they always did on a phone). */
  tracking?: 'tight' | 'normal';
  /** A readable measure (46rem), or the full width of the column the block's own grid gives it. */
  width?: 'measure' | 'column';
}

export function SectionHeading({ heading, eyebrow, intro, id, align = 'center', tone = 'default', layout = 'stack', spacing = 'default', eyebrowMark = false, tracking = 'tight', width = 'measure' }: SectionHeadingProps) {
  const className = [
    styles.group,
    align === 'center' && styles.center,
    tone === 'inverse' && styles.inverse,
    layout === 'split' && styles.split,
    layout === 'aside' && styles.aside,
    spacing === 'roomy' && styles.roomy,
    spacing === 'compact' && styles.compact,
    spacing === 'flush' && styles.flush,
    eyebrowMark && styles.marked,
    tracking === 'normal' && styles.normalTracking,
    width === 'column' && styles.columnWide,
  ]
    .filter(Boolean)
    .join(' ');
  const title = (
    <>
      {eyebrow && <p className={styles.eyebrow}>{eyebrow}</p>}
      <h2 id={id} className={styles.heading}>
        {heading}
      </h2>
    </>
  );
  return (
    <div className={className}>
      {/* Split keeps the eyebrow and heading together in the first column. */}
      {layout === 'split' ? <div>{title}</div> : title}
      {intro && <p className={styles.intro}>{intro}</p>}
    </div>
  );
}
