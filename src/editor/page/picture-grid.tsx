/**
 * The picture library's thumbnails: one button per picture, a single Tab stop (the arrows, Home and End move
 * between them, by rows as the grid wraps), Enter or a click chooses. A photograph's thumbnail comes from the
 * image endpoint (the dev server's, or the studio's for signed-in people), small, so a 10 MB upload is never loaded
 * at full size to show 150 pixels.
 */
import { useRef, useState, type KeyboardEvent } from 'react';
import type { PublicImage } from '../shared/editor-contract';
import { imageEndpointUrl } from '../../model/image-endpoint-url';
import { PICTURE_WIDTHS, widthsFor } from '../../model/picture-set';
import { columnsOf, movedTo } from './grid-keys';
import styles from './picture-library.module.css';

/** What to show a picture with: an SVG as it is, a photograph as the smallest width the pipeline makes. */
export const thumbnailOf = (src: string) => (src.endsWith('.svg') ? src : imageEndpointUrl(src, PICTURE_WIDTHS[0], 'webp'));

/** "our-story.jpg" and what it is: "Photograph" or "Illustration · sectors". */
export function pictureWords(src: string): { name: string; kind: string } {
  const parts = src.split('/').filter(Boolean);
  const name = parts.pop() ?? src;
  const [top, ...folders] = parts;
  const kind = top === 'illustrations' ? 'Illustration' : 'Photograph';
  return { name, kind: [kind, ...folders].join(' · ') };
}

/** What the build makes of a photograph (docs/architecture.md, "Pictures"): the editor sees what visitors get. */
export function VisitorWidths({ picked, src, className }: { picked: PublicImage | undefined; src: string; className: string | undefined }) {
  if (!picked?.width || src.endsWith('.svg')) return null;
  return <p className={className}>Visitors get AVIF or WebP, {widthsFor(picked.width).join(', ')} px wide.</p>;
}

/** "2400 × 1600", never broken across lines. */
export const sizeOf = (image: PublicImage) => (image.width ? `${image.width}\u00a0×\u00a0${image.height}` : '');

export function PictureGrid({ images, current, onChoose, labelledBy }: { images: PublicImage[]; current: string; onChoose(image: PublicImage): void; labelledBy: string }) {
  const list = useRef<HTMLUListElement>(null);
  const [active, setActive] = useState<string | undefined>(undefined);
  // The Tab stop: the tile last moved to, else the current picture, else the first.
  const stop = [active, current].find((src) => images.some((i) => i.src === src)) ?? images[0]?.src;

  const onKeyDown = (event: KeyboardEvent) => {
    const index = images.findIndex((i) => i.src === stop);
    if (!list.current || index === -1) return;
    const next = movedTo(event.key, index, images.length, columnsOf([...list.current.children] as HTMLElement[]));
    if (next === undefined) return;
    event.preventDefault();
    setActive(images[next]!.src);
    list.current.querySelectorAll('button')[next]?.focus();
  };

  return (
    <ul ref={list} className={styles.grid} aria-labelledby={labelledBy}>
      {images.map((image) => {
        const { name, kind } = pictureWords(image.src);
        return (
          <li key={image.src} className={styles.tile}>
            <button
              type="button"
              className={styles.tileButton}
              tabIndex={image.src === stop ? 0 : -1}
              aria-current={image.src === current || undefined}
              data-src={image.src}
              onClick={() => onChoose(image)}
              onKeyDown={onKeyDown}
              onFocus={() => setActive(image.src)}
            >
              <img className={styles.tileImage} src={thumbnailOf(image.src)} alt="" loading="lazy" />
              <span className={styles.tileName}>{name}</span>
              <span className={styles.tileMeta}>
                {kind}
                {image.width ? ` · ${sizeOf(image)}` : ''}
                {image.src === current ? ' · in use here' : ''}
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
