/**
 * How wide a block shows its pictures, in CSS pixels: the `sizes` of its <picture> (so the browser picks the
 * smallest file that fills the box) and the largest width it ever shows one at (the content check warns about a
 * photograph too small for it). Each block that shows pictures declares its own in `blocks/<type>/<type>.picture.ts`,
 * read off its CSS module; `npm run gen:types` lists them for the content check (src/generated/picture-layouts.ts).
 * Below 1248 px the page's column is calc(100vw - 48px) (.container in src/styles/base.css). Each layout writes it
 * out: a shared constant would be a chunk of its own in the browser build, one more request for a string.
 */
export interface PictureLayout {
  sizes: string;
  /** The widest the picture is ever shown, in CSS pixels. */
  largest: number;
}
