/**
 * The open page's preview frame. It starts loading before the editor's own modules (src/boot.ts): on the dev server
 * every module is a request, and the frame loading its modules meanwhile, instead of after them, is most of what
 * opening a long page waited for. The preview pane (preview-pane.tsx) then gives it its place, moving it in
 * without reloading it.
 */
import { backend } from './model/editor-backend';
import { received, type FromFrame } from '../shared/frame-protocol';

type Movable = Element & { moveBefore?(node: Node, child: Node | null): void };

let frame: HTMLIFrameElement | null = null;
// Whether the frame has said it is ready: it may say so before the editor's modules are there to listen.
let ready = false;
window.addEventListener('message', (event) => {
  if (received<FromFrame>(event, () => frame?.contentWindow)?.type === 'ready') ready = true;
});

function newFrame(src: string): HTMLIFrameElement {
  frame = document.createElement('iframe');
  frame.src = src;
  return frame;
}

/**
 * Starts loading the page's preview before there is a pane to show it in, where the browser can move a frame
 * without reloading it (Element.moveBefore); elsewhere the pane makes it when it is laid out. It waits out of
 * sight at the width of a desktop screen, the width it is first shown at.
 */
export function loadPreviewEarly(src: string): void {
  // Only for a page (the list of pages has no preview), and only once.
  if (frame || !new URLSearchParams(window.location.search).has('path') || !('moveBefore' in Element.prototype)) return;
  const waiting = newFrame(src);
  waiting.tabIndex = -1;
  waiting.setAttribute('aria-hidden', 'true');
  waiting.style.cssText = 'position: fixed; top: 0; left: -200vw; width: 1280px; height: 100vh; border: 0;';
  document.body.append(waiting);
}

/** The preview frame, placed as the last child of `stage`: the one loading already, else a new one. */
export function placePreviewFrame(stage: HTMLElement): HTMLIFrameElement {
  const placed = frame?.isConnected ? frame : newFrame(backend().previewPath);
  if (placed.parentElement !== stage) {
    const target = stage as Movable;
    if (placed.isConnected && target.moveBefore) target.moveBefore(placed, null);
    else stage.append(placed);
  }
  placed.removeAttribute('style');
  placed.removeAttribute('tabindex');
  placed.removeAttribute('aria-hidden');
  return placed;
}

export const previewFrame = (): HTMLIFrameElement | null => frame;
export const isPreviewFrameReady = () => ready;
