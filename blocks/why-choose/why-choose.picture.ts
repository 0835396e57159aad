import type { PictureLayout } from '../../src/kit/picture-layout';

/** The picture sits in a padded card: 560 px wide from 991 px, 480 px below. */
export const pictureLayout: PictureLayout = { sizes: '(min-width: 991px) 528px, (min-width: 528px) 448px, calc(100vw - 80px)', largest: 528 };
