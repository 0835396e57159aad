/**
 * How wide the blog shows the API's pictures (src/kit/picture-layout.ts): the card's banner in a grid or slider,
 * an article's banner, its neighbours' thumbnails and the pictures in its text. The image endpoint makes the
 * widths these need (src/kit/api-picture.ts).
 */
import type { PictureLayout } from '../../kit/picture-layout';

export const blogPictures = {
  // Cards of a three-column CardGrid: three from 991 px, two from 650 px, one below.
  card: { sizes: '(min-width: 1248px) 384px, (min-width: 991px) calc((100vw - 96px) / 3), (min-width: 650px) calc((100vw - 72px) / 2), calc(100vw - 48px)', largest: 384 },
  banner: { sizes: '(min-width: 1248px) 1200px, calc(100vw - 48px)', largest: 1200 },
  neighbour: { sizes: '120px', largest: 120 },
  // The article's text column is at most 46rem.
  bodyImage: { sizes: '(min-width: 784px) 736px, calc(100vw - 48px)', largest: 736 },
} as const satisfies Record<string, PictureLayout>;
