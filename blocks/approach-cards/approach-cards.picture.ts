import type { PictureLayout } from '../../src/kit/picture-layout';

/** Each card's icon is 64 px square at every width. */
export const pictureLayout: PictureLayout = { sizes: '64px', largest: 64 };
