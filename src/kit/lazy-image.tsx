/**
 * An image below the fold: a placeholder of the image's exact size until it comes within 100 px of the
 * viewport, then the picture. Without JavaScript the <noscript> copy shows it straight away; in a block that never
 * hydrates, the island runtime hands it to the browser's own lazy loading (static-lazy-images.ts).
 */
import { useEffect, useRef, useState } from 'react';
import { LAZY_IMAGE_ATTRIBUTE } from './static-lazy-images';
import { whenNear } from './when-near';
import styles from './lazy-image.module.css';

interface Props {
  src: string;
  alt: string;
  width: number;
  height: number;
  className?: string;
}

export const lazyImageMargin = '100px';

export function LazyImage({ src, alt, width, height, className }: Props) {
  const holder = useRef<HTMLSpanElement>(null);
  const [near, setNear] = useState(false);

  useEffect(() => {
    const element = holder.current;
    if (!element || near) return;
    return whenNear(element, lazyImageMargin, () => setNear(true));
  }, [near]);

  const classes = `${styles.frame} ${className ?? ''}`;
  if (near) return <img className={classes} src={src} alt={alt} width={width} height={height} decoding="async" />;
  return (
    <span
      ref={holder}
      {...{ [LAZY_IMAGE_ATTRIBUTE]: styles.placeholder }}
      className={`${classes} ${styles.placeholder}`}
      style={{ aspectRatio: `${width} / ${height}`, maxWidth: `${width}px` }}
      role={alt ? 'img' : undefined}
      aria-label={alt || undefined}
    >
      <noscript>
        <img src={src} alt={alt} width={width} height={height} />
      </noscript>
    </span>
  );
}
