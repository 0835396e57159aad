import type { PictureLayout } from '../../src/kit/picture-layout';

/** Each sector's icon is 64 px square at every width. */
export const pictureLayout: PictureLayout = { sizes: '64px', largest: 64 };
