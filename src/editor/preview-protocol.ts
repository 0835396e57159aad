/**
 * What the editor and its preview frame say to each other. Kept apart from the frame's renderer so the editor
 * imports none of the site's modules (a content file changing on disk then never reloads the editor itself).
 */
import type { PreviewModel } from './preview-model';

export const PREVIEW_PATH = '/__edit/preview';
export const PREVIEW_SOURCE = 'page-preview';

/** `ready`: the frame can take a model; `shown`: it painted its first; `select`: a block was clicked in it. */
export type PreviewEvent = { type: 'ready' } | { type: 'shown' } | { type: 'select'; index: number | 'header' | 'footer' };
export type PreviewMessage = PreviewEvent & { source: typeof PREVIEW_SOURCE };

declare global {
  interface Window {
    __pagePreview?: { show(model: PreviewModel): void };
    /** Set by the editor (preview-pane.tsx): the page's preview frame, and the block types of the page once read. */
    __previewBlockTypes?: { frame: HTMLIFrameElement | null; types: Promise<string[]> };
  }
}
