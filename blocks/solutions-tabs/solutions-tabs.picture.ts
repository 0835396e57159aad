import type { PictureLayout } from '../../src/kit/picture-layout';

/** A tab's picture: 320 px wide, the column's width on the narrowest screens. */
export const pictureLayout: PictureLayout = { sizes: '(min-width: 368px) 320px, calc(100vw - 48px)', largest: 320 };
