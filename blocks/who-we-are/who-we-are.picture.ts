import type { PictureLayout } from '../../src/kit/picture-layout';

/** 540 px wide from 991 px, 440 px from 488 px, the column's width below. */
export const pictureLayout: PictureLayout = { sizes: '(min-width: 991px) 540px, (min-width: 488px) 440px, calc(100vw - 48px)', largest: 540 };
