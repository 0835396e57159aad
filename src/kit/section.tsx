/**
 * A block's section: the <section> band, the page container and the kit's SectionHeading, with the section
 * named by its heading. With `media` it is text beside a picture: the media column, then a copy column that
 * holds the heading and the children. The band's classes are in section.css.
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
  /** Name the section by its heading, which makes it a region landmark; off where something inside it carries that name instead. */
  labelled?: boolean;
  /** The heading's id, for blocks that point other elements at it. */
  headingId?: string;
  /** The block's own class for the section (decoration, position). */
  className?: string | undefined;
  /** The block's own class for the container (its grid, when it has a media column). */
  containerClassName?: string | undefined;
  /** A column beside the copy (the block's picture, in its own wrapper), placed before it. */
  media?: ReactNode;
  /** The class of the copy column beside `media`. */
  copyClassName?: string | undefined;
  /** What the section shows under its heading; a new block's scaffold starts with none. */
  children?: ReactNode;
}

export function Section({ heading, tone = 'plain', labelled = true, headingId, className, containerClassName, media, copyClassName, children, ...group }: SectionProps) {
  const generatedId = useId();
  const id = headingId ?? generatedId;
  const named = labelled && Boolean(heading);
  const sectionClass = ['kit-section', toneClass[tone], className].filter(Boolean).join(' ');
  const copy = (
    <>
      {heading && <SectionHeading {...group} heading={heading} id={named || headingId ? id : undefined} tone={tone === 'deep' ? 'inverse' : 'default'} />}
      {children}
    </>
  );
  return (
    <section className={sectionClass} aria-labelledby={named ? id : undefined}>
      <div className={containerClassName ? `container ${containerClassName}` : 'container'}>
        {media === undefined ? (
          copy
        ) : (
          <>
            {media}
            <div className={copyClassName}>{copy}</div>
          </>
        )}
      </div>
    </section>
  );
}
