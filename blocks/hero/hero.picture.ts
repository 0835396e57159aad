import { PAGE_COLUMN, type PictureLayout } from '../../src/kit/picture-layout.ts';

/** At most 560 px wide (its max-width), the column's width on narrower screens. */
export const pictureLayout: PictureLayout = { sizes: `(min-width: 608px) 560px, ${PAGE_COLUMN}`, largest: 560 };
