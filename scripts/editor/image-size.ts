/**
 * The intrinsic size of a picture under public/, which the editor writes beside its path. A photograph's is
 * read by the same function the content check measures it with (readSource, sharp), so the size the editor
 * writes is the size the check then expects; an SVG or a GIF, which that function refuses as a source to
 * encode, by sharp's own header reading.
 */
import sharp from 'sharp';
import { readSource } from '../../server/images/encode.ts';
import { RASTER_PICTURE } from '../images/picture-catalog.ts';

export interface ImageSize {
  width: number;
  height: number;
}

/** `file`: the picture's absolute path. Undefined when sharp finds no size in it; throws for a photograph it cannot read. */
export async function imageSize(file: string): Promise<ImageSize | undefined> {
  if (RASTER_PICTURE.test(`/${file.split(/[\\/]/).pop()}`)) {
    const { width, height } = await readSource(file);
    return { width, height };
  }
  const { width, height } = await sharp(file).metadata();
  return width && height ? { width, height } : undefined;
}
