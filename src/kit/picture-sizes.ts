/**
 * How wide each block shows its pictures, in CSS pixels: the `sizes` of its <picture> (so the browser picks the
 * smallest file that fills the box) and the largest width it ever shows one at (the content check warns about a
 * photograph too small for it). Read off each block's CSS module; the page's column is
 * min(100vw - 48px, 1200px) (.container in src/styles/base.css). Keyed by block type, plus the blog's pictures.
 */
export interface PictureLayout {
  sizes: string;
  /** The widest the picture is ever shown, in CSS pixels. */
  largest: number;
}

const column = 'calc(100vw - 48px)';

export const pictureSizes = {
  hero: { sizes: `(min-width: 608px) 560px, ${column}`, largest: 560 },
  'who-we-are': { sizes: `(min-width: 991px) 540px, (min-width: 488px) 440px, ${column}`, largest: 540 },
  // The picture sits in a padded card: 560 px wide from 991 px, 480 px below.
  'why-choose': { sizes: `(min-width: 991px) 528px, (min-width: 528px) 448px, calc(100vw - 80px)`, largest: 528 },
  'solutions-tabs': { sizes: `(min-width: 368px) 320px, ${column}`, largest: 320 },
  'approach-cards': { sizes: '64px', largest: 64 },
  'sector-slider': { sizes: '64px', largest: 64 },
  testimonials: { sizes: '48px', largest: 48 },
  // Cards of a three-column CardGrid: three from 991 px, two from 650 px, one below.
  'blog-card': { sizes: `(min-width: 1248px) 384px, (min-width: 991px) calc((100vw - 96px) / 3), (min-width: 650px) calc((100vw - 72px) / 2), ${column}`, largest: 384 },
  'blog-banner': { sizes: `(min-width: 1248px) 1200px, ${column}`, largest: 1200 },
  'blog-neighbour': { sizes: '120px', largest: 120 },
  // The article's text column is at most 46rem.
  'blog-body-image': { sizes: `(min-width: 784px) 736px, ${column}`, largest: 736 },
} as const satisfies Record<string, PictureLayout>;

export type PictureLayoutName = keyof typeof pictureSizes;
