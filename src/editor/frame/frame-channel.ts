/**
 * The preview frame's end of its channel to the editor page (shared/frame-protocol.ts). It starts before the frame's
 * React modules load (block-warm-up.ts, from src/boot.ts), keeps the documents it is sent, each change applied to
 * the documents before it, and hands every view to the modules that listen (the warm-up, then the preview).
 */
import { applyDocPatch } from '../shared/doc-patch';
import { post, received, type FrameDocuments, type FramePlace, type FromFrame, type ToFrame } from '../shared/frame-protocol';

/** A view as the frame shows it: the documents whole. */
export interface ShownView {
  documents: FrameDocuments;
  path: string;
  selected: FramePlace | null;
  reveal: boolean;
}

const listeners = new Set<(view: ShownView) => void>();
let documents: unknown;
let latest: ShownView | undefined;
let started = false;

export const tellEditor = (message: FromFrame) => post(window.parent, message);

function onMessage(event: MessageEvent): void {
  const message = received<ToFrame>(event, () => window.parent);
  if (message?.type !== 'show') return;
  const { documents: change, ...view } = message.view;
  if (change) documents = applyDocPatch(documents, change);
  latest = { ...view, documents: documents as FrameDocuments };
  for (const listener of listeners) listener(latest);
}

function start(): void {
  if (started) return;
  started = true;
  window.addEventListener('message', onMessage);
  tellEditor({ type: 'ready' });
}

/** Calls `listener` with every view from now on, and at once with the latest when there is one; returns the function that stops it. */
export function onView(listener: (view: ShownView) => void): () => void {
  start();
  listeners.add(listener);
  if (latest) listener(latest);
  return () => listeners.delete(listener);
}
