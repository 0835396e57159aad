/**
 * The editor's side of a preview frame (preview-frame.tsx): waits for the frame to say it is ready, then hands
 * it the model on every `push()`; a block clicked in the frame is reported to `on.select`, the first model shown
 * to `on.shown`.
 */
import { PREVIEW_SOURCE, type PreviewMessage } from '../shared/frame-protocol';
import type { PreviewModel } from '../frame/preview-model';

export interface PreviewConnection {
  push(): void;
  stop(): void;
}

export interface PreviewListeners {
  select?(index: number | 'header' | 'footer'): void;
  shown?(): void;
}

/** `model` returns null while there is nothing to show yet (the page is still being read): nothing is pushed. */
export function connectPreview(frame: () => HTMLIFrameElement | null, model: () => PreviewModel | null, on: PreviewListeners = {}): PreviewConnection {
  let ready = false;
  const push = () => {
    const show = frame()?.contentWindow?.__pagePreview?.show;
    const next = ready && show ? model() : null;
    if (next) show!(next);
  };
  const onMessage = (event: MessageEvent<PreviewMessage>) => {
    if (event.origin !== window.location.origin || event.source !== frame()?.contentWindow || event.data?.source !== PREVIEW_SOURCE) return;
    if (event.data.type === 'ready') {
      ready = true;
      push();
    } else if (event.data.type === 'select') on.select?.(event.data.index);
    else if (event.data.type === 'shown') on.shown?.();
  };
  window.addEventListener('message', onMessage);
  return { push, stop: () => window.removeEventListener('message', onMessage) };
}
