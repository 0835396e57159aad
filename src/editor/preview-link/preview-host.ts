/**
 * The page a shared preview link opens (/studio/preview/<secret>, server/studio/preview-route.ts): a line saying
 * what this is, and the editor's own preview frame below it, sent the page's draft over the frame protocol as the
 * editor sends it. The frame is sandboxed without top navigation, pop-ups or forms, and its links do nothing, so
 * nothing in it leads the visitor on into the studio. Every text is set as text.
 */
import { docPatch } from '../shared/doc-patch';
import { post, received, type FrameDocuments, type FromFrame } from '../shared/frame-protocol';
import styles from './preview-host.module.css';

interface SharedPage {
  path: string;
  documents: FrameDocuments;
  expiresAt: string;
  /** Who saved the draft shown, and when; null when the page has no draft any more (it shows the live page). */
  draft: { by: string; at: string } | null;
}

const when = (iso: string) => new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
const paragraph = (text: string) => Object.assign(document.createElement('p'), { textContent: text });

function refusal(root: HTMLElement, text: string): void {
  const box = Object.assign(document.createElement('main'), { className: styles.refused });
  box.append(Object.assign(document.createElement('h1'), { textContent: 'This preview is not available' }), paragraph(text));
  root.replaceChildren(box);
}

export async function startPreviewHost(root: HTMLElement): Promise<void> {
  const base = window.location.pathname.replace(/\/$/, '');
  const response = await fetch(`${base}/page`, { credentials: 'same-origin' });
  if (!response.ok) return refusal(root, await response.text());
  const shared = (await response.json()) as SharedPage;
  const title = typeof shared.documents.page.title === 'string' ? shared.documents.page.title : shared.path;
  document.title = `Preview: ${title}`;

  const banner = Object.assign(document.createElement('header'), { className: styles.banner });
  const what = shared.draft ? `Preview of the draft of ${shared.path}, not on the site yet. Saved by ${shared.draft.by}, ${when(shared.draft.at)}.` : `Preview of ${shared.path}: it has no draft now, so this is the page as published.`;
  banner.append(paragraph(what), paragraph(`It shows the latest saved draft: reload to see later changes. Links and forms do nothing here. This link works until ${when(shared.expiresAt)}.`));

  const frame = Object.assign(document.createElement('iframe'), { className: styles.frame, title: `Preview of ${shared.path}` });
  // Scripts run (the real blocks), at the studio's origin (the frame protocol's check); no navigation out, no pop-up, no form.
  frame.setAttribute('sandbox', 'allow-scripts allow-same-origin');
  window.addEventListener('message', (event) => {
    if (received<FromFrame>(event, () => frame.contentWindow)?.type !== 'ready') return;
    post(frame.contentWindow, { type: 'show', view: { documents: docPatch(undefined, shared.documents), path: shared.path, selected: null, reveal: false } });
  });
  frame.src = `${base}/frame`;
  const host = Object.assign(document.createElement('div'), { className: styles.host });
  host.append(banner, frame);
  root.replaceChildren(host);
}
