import type { PictureLayout } from '../../src/kit/picture-layout';

/** At most 560 px wide (its max-width), the column's width on narrower screens. */
export const pictureLayout: PictureLayout = { sizes: '(min-width: 608px) 560px, calc(100vw - 48px)', largest: 560 };
