import { PAGE_COLUMN, type PictureLayout } from '../../src/kit/picture-layout.ts';

/** A tab's picture: 320 px wide, the column's width on the narrowest screens. */
export const pictureLayout: PictureLayout = { sizes: `(min-width: 368px) 320px, ${PAGE_COLUMN}`, largest: 320 };
