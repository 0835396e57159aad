/**
 * A block's section: the <section> band, the page container and the kit's SectionHeading, with the section
 * named by its heading. With `media` it is two columns: a copy column that holds the heading and the children,
 * and the media column beside it (a picture; the banner's call to action; the contact form's card). The band's
 * classes are in section.css.
 */
import { useId, type ReactNode } from 'react';
import { SectionHeading, type SectionHeadingProps } from './section-heading';

const toneClass = {
  plain: '',
  surface: 'kit-section-surface',
  tint: 'kit-section-tint',
  deep: 'kit-section-deep',
} as const;

interface SectionProps extends Omit<SectionHeadingProps, 'id' | 'tone' | 'heading'> {
  /** The h2; without one (or with an empty one) the section has no heading group and no name. */
  heading?: string | undefined;
  /** The band's background; on the navy 'deep' band the text and the heading are light. */
  tone?: keyof typeof toneClass;
  /** Light heading text on a dark panel the block draws inside a light band; by default the band's tone decides. */
  headingTone?: SectionHeadingProps['tone'];
  /** Name the section by its heading, which makes it a region landmark; off where something inside it carries that name instead. */
  labelled?: boolean;
  /** The section's name when it has no heading, so it is still a region landmark. */
  label?: string | undefined;
  /** The heading's id, for blocks that point other elements at it. */
  headingId?: string;
  /** The block's own class for the section (decoration, position). */
  className?: string | undefined;
  /** The block's own class for the container (its grid, when it has a media column). */
  containerClassName?: string | undefined;
  /** A column beside the copy (the block's picture, in its own wrapper). */
  media?: ReactNode;
  /** Where the media column is in the document, so in reading and tab order: before the copy (a picture) or after it (what the copy leads to). */
  mediaPlacement?: 'before' | 'after';
  /** The class of the copy column beside `media`. */
  copyClassName?: string | undefined;
  /** What the section shows under its heading; a new block's scaffold starts with none. */
  children?: ReactNode;
}

export function Section({
  heading,
  tone = 'plain',
  headingTone = tone === 'deep' ? 'inverse' : 'default',
  labelled = true,
  label,
  headingId,
  className,
  containerClassName,
  media,
  mediaPlacement = 'before',
  copyClassName,
  children,
  ...group
}: SectionProps) {
  const generatedId = useId();
  const id = headingId ?? generatedId;
  const named = labelled && Boolean(heading);
  const sectionClass = ['kit-section', toneClass[tone], className].filter(Boolean).join(' ');
  const copy = (
    <>
      {heading && <SectionHeading {...group} heading={heading} id={named || headingId ? id : undefined} tone={headingTone} />}
      {children}
    </>
  );
  return (
    <section className={sectionClass} aria-labelledby={named ? id : undefined} aria-label={heading ? undefined : label}>
      <div className={containerClassName ? `container ${containerClassName}` : 'container'}>
        {media === undefined ? (
          copy
        ) : (
          <>
            {mediaPlacement === 'before' && media}
            <div className={copyClassName}>{copy}</div>
            {mediaPlacement === 'after' && media}
          </>
        )}
      </div>
    </section>
  );
}
