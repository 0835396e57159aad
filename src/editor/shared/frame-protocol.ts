/**
 * What the editor and its preview frame say to each other. Kept apart from the frame's renderer so the editor
 * imports none of the site's modules (a content file changing on disk then never reloads the editor itself).
 */
import type { PreviewModel } from '../frame/preview-model';

export const PREVIEW_SOURCE = 'page-preview';

/**
 * The blocks at the top of a page that the preview renders at once when it opens, before it knows which are in
 * view, and whose modules it loads first: a page shows once they are there, the others load after.
 */
export const FIRST_SCREEN_BLOCKS = 4;

/** The block types of a page: those its first screen needs (the header's and the first blocks'), then the others. */
export interface PageBlockTypes {
  first: string[];
  rest: string[];
}

/** `ready`: the frame can take a model; `shown`: it painted its first; `select`: a block was clicked in it. */
export type PreviewEvent = { type: 'ready' } | { type: 'shown' } | { type: 'select'; index: number | 'header' | 'footer' };
export type PreviewMessage = PreviewEvent & { source: typeof PREVIEW_SOURCE };

declare global {
  interface Window {
    __pagePreview?: { show(model: PreviewModel): void };
    /** Set by the editor (preview-link.ts): which frame is the page's preview, and the block types of the page once read. */
    __previewBlockTypes?: { isPageFrame(element: Element | null): boolean; types: Promise<PageBlockTypes> };
  }
}
