/**
 * The live preview: the real page in an iframe of this dev server (/__edit/preview), handed the document on
 * every change (preview-model.ts), at desktop or phone width. A click on a block there selects it here.
 */
import { useEffect, useRef, useState } from 'react';
import { useEditor } from './editor-store';
import { useSite } from './site-store';
import { previewModel } from './preview-model';
import { PREVIEW_PATH, PREVIEW_SOURCE, type PreviewMessage } from './preview-frame';
import styles from './editor.module.css';

const WIDTHS = { desktop: null, phone: 390 } as const;

export function PreviewPane() {
  const frame = useRef<HTMLIFrameElement>(null);
  const [width, setWidth] = useState<keyof typeof WIDTHS>('desktop');
  const path = useEditor((s) => s.path);

  useEffect(() => {
    let ready = false;
    let revealNext = true;
    const push = () => {
      const show = frame.current?.contentWindow?.__pagePreview?.show;
      if (!ready || !show) return;
      const { doc, selected, path } = useEditor.getState();
      show(previewModel(doc, useSite.getState().value, path, selected, revealNext));
      revealNext = true;
    };
    const onMessage = (event: MessageEvent<PreviewMessage>) => {
      if (event.origin !== window.location.origin || event.source !== frame.current?.contentWindow || event.data?.source !== PREVIEW_SOURCE) return;
      if (event.data.type === 'ready') {
        ready = true;
        push();
      } else if (event.data.type === 'select') {
        revealNext = false; // it is in view already: the visitor just clicked it
        useEditor.getState().select(event.data.index);
      }
    };
    window.addEventListener('message', onMessage);
    const stopEditor = useEditor.subscribe((s, p) => {
      if (s.doc !== p.doc || s.selected !== p.selected || s.path !== p.path) push();
    });
    const stopSite = useSite.subscribe(push);
    return () => {
      window.removeEventListener('message', onMessage);
      stopEditor();
      stopSite();
    };
  }, []);

  const pixels = WIDTHS[width];
  return (
    <section className={styles.preview} aria-label="Preview">
      <div className={styles.previewBar}>
        <h2 className={styles.paneTitle}>Preview</h2>
        <div role="group" aria-label="Preview width" className={styles.segmented}>
          {(Object.keys(WIDTHS) as Array<keyof typeof WIDTHS>).map((w) => (
            <button key={w} type="button" aria-pressed={width === w} onClick={() => setWidth(w)}>
              {w === 'desktop' ? 'Desktop' : 'Phone (390 px)'}
            </button>
          ))}
        </div>
      </div>
      <div className={styles.previewStage}>
        <iframe ref={frame} className={styles.previewFrame} style={pixels ? { width: pixels } : undefined} title={`Preview of ${path}`} src={`${PREVIEW_PATH}?path=${encodeURIComponent(path)}`} />
      </div>
    </section>
  );
}
