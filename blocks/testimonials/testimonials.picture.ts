import type { PictureLayout } from '../../src/kit/picture-layout';

/** The speaker's avatar is 48 px square at every width. */
export const pictureLayout: PictureLayout = { sizes: '48px', largest: 48 };
