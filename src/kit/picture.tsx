/**
 * The one way blocks show a picture. With variants (the build's for a picture of public/, the image
 * endpoint's for the blog API's), a <picture> with AVIF and WebP sources, a srcset per format, the block's
 * `sizes`, the intrinsic width and height, and a tiny blurred placeholder behind it; lazy unless it is the
 * page's first picture above the fold, which gets fetchpriority="high". Without variants (an SVG, the dev
 * server) the picture itself, through LazyImage below the fold. A decorative picture gets alt="" whatever its
 * alt says, so screen readers skip it.
 */
import { createContext, useContext, type CSSProperties } from 'react';
import type { PictureSet } from '../model/picture-set';
import { LazyImage } from './lazy-image';
import type { PictureLayout } from './picture-layout';
import styles from './picture.module.css';

export interface PagePictures {
  /** The variants of the page's raster pictures, by path (PageData.pictures). */
  sets: Readonly<Record<string, PictureSet>>;
  /** The picture that loads with the page (PageData.priorityPicture). */
  priority?: string;
}

export const PagePicturesContext = createContext<PagePictures>({ sets: {} });

interface Props {
  src: string;
  /** Required by the content check unless the picture is decorative. */
  alt?: string;
  decorative?: boolean;
  width: number;
  height: number;
  /** How wide its block shows it (blocks/<type>/<type>.picture.ts, or the blog's blog-pictures.ts). */
  layout: PictureLayout;
  className?: string;
  /** Variants made elsewhere (the blog API's pictures: api-picture.ts); else the page's for `src`. */
  set?: PictureSet;
  /** Load with the page; by default only the page's priority picture does. */
  priority?: boolean;
}

export function Picture({ src, alt: written, decorative, width, height, layout, className, set, priority }: Props) {
  const alt = decorative ? '' : (written ?? '');
  const page = useContext(PagePicturesContext);
  const variants = set ?? page.sets[src];
  const eager = priority ?? page.priority === src;
  if (!variants) {
    return eager ? <img className={className} src={src} alt={alt} width={width} height={height} fetchPriority="high" decoding="async" /> : <LazyImage className={className} src={src} alt={alt} width={width} height={height} />;
  }
  const { sizes } = layout;
  // The browser scales the few-pixel placeholder up smoothly, which blurs it; the picture paints over it.
  const placeholder: CSSProperties | undefined = variants.placeholder ? { backgroundImage: `url(${variants.placeholder})`, backgroundSize: 'cover' } : undefined;
  return (
    <picture className={styles.picture}>
      {variants.sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={sizes} />
      ))}
      <img
        className={className}
        src={variants.src}
        srcSet={variants.srcSet}
        sizes={sizes}
        alt={alt}
        width={width}
        height={height}
        style={placeholder}
        decoding="async"
        {...(eager ? { fetchPriority: 'high' as const } : { loading: 'lazy' as const })}
      />
    </picture>
  );
}
