/**
 * The editor page's end of its channel to a preview frame (shared/frame-protocol.ts): once the frame says it is
 * ready, every `push()` sends it the view, the documents as a change to those it was sent last; a block clicked
 * in the frame is reported to `on.select`, the first view shown to `on.shown`.
 */
import { docPatch } from '../shared/doc-patch';
import { post, received, type FrameDocuments, type FramePlace, type FromFrame } from '../shared/frame-protocol';

export interface FrameConnection {
  push(): void;
  stop(): void;
}

export interface FrameListeners {
  select?(place: FramePlace): void;
  shown?(): void;
}

/** What a frame is to show, its documents whole. */
export interface FrameContent {
  documents: FrameDocuments;
  path: string;
  selected: FramePlace | null;
  reveal: boolean;
}

/**
 * `content` returns null while there is nothing to show yet (the page is still being read): nothing is sent.
 * `readyAlready`: the frame said it was ready before this connection listened (frame-slot.ts listens from the start).
 */
export function connectFrame(frame: () => HTMLIFrameElement | null, content: () => FrameContent | null, on: FrameListeners = {}, readyAlready = false): FrameConnection {
  let ready = readyAlready;
  // The documents the frame holds: the next view sends only what differs from them.
  let sent: FrameDocuments | undefined;
  const push = () => {
    if (!ready) return;
    const target = frame()?.contentWindow;
    const next = target ? content() : null;
    if (!next) return;
    const { documents, ...view } = next;
    post(target, { type: 'show', view: documents === sent ? view : { ...view, documents: docPatch(sent, documents) } });
    sent = documents;
  };
  const onMessage = (event: MessageEvent) => {
    const message = received<FromFrame>(event, () => frame()?.contentWindow);
    if (message?.type === 'ready') {
      // A frame (re)loaded holds nothing yet.
      ready = true;
      sent = undefined;
      push();
    } else if (message?.type === 'select') on.select?.(message.place);
    else if (message?.type === 'shown') on.shown?.();
  };
  window.addEventListener('message', onMessage);
  push();
  return { push, stop: () => window.removeEventListener('message', onMessage) };
}
