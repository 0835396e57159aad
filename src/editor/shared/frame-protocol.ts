/**
 * What the editor page and its preview frames say to each other, over one channel: window.postMessage, each side
 * taking a message only from the window it expects (the frame's, the frame's parent) and from the editor's origin.
 * A copy crosses, never a reference, so a frame served from another origin (the studio's) takes the same messages.
 */
import type { DocPatch } from './doc-patch';

/** Marks the editor's messages among any other a window receives. */
const CHANNEL = 'page-editor';

/**
 * The blocks at the top of a page that the preview renders at once when it opens, before it knows which are in
 * view, and whose modules it loads first: a page shows once they are there, the others load after.
 */
export const FIRST_SCREEN_BLOCKS = 4;

/** A place the frame shows a block at: its index in the page's blocks, or the site's header or footer. */
export type FramePlace = number | 'header' | 'footer';

/** The documents a frame shows: the open page and pages.json, as the editor holds them (defaults not filled). */
export interface FrameDocuments {
  page: Record<string, unknown>;
  site: Record<string, unknown>;
}

/** What a frame is to show: the documents (a change to those sent before), the route path, the selected block. */
export interface FrameView {
  documents?: DocPatch;
  path: string;
  selected: FramePlace | null;
  /** Set when the selection came from the outline, so the frame scrolls to it (not when it was clicked in the frame). */
  reveal: boolean;
}

/** To a frame: what to show. */
export type ToFrame = { type: 'show'; view: FrameView };
/** From a frame. `ready`: it takes views, from now on as changes to nothing sent yet; `shown`: it painted its first; `select`: a block was clicked. */
export type FromFrame = { type: 'ready' } | { type: 'shown' } | { type: 'select'; place: FramePlace };

/** The origin both sides speak from: the editor's. */
const editorOrigin = () => window.location.origin;

export function post(to: Window | null | undefined, message: ToFrame | FromFrame): void {
  to?.postMessage({ channel: CHANNEL, message }, editorOrigin());
}

/**
 * The message an event carries when it is the editor's and came from the window `from` gives, at the editor's
 * origin; else undefined. `from` is asked last: asking an iframe for its window before it has loaded makes the
 * browser create its empty first document, and Playwright's scripts for new documents then miss the real one.
 */
export function received<M extends ToFrame | FromFrame>(event: MessageEvent, from: () => Window | null | undefined): M | undefined {
  const data = event.data as { channel?: unknown; message?: M } | null;
  if (data?.channel !== CHANNEL || event.origin !== editorOrigin() || !event.source || event.source !== from()) return undefined;
  return data.message;
}
