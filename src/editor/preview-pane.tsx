/**
 * The live preview: the real page in an iframe of this dev server (/__edit/preview), handed the document on
 * every change (preview-model.ts), at desktop or phone width. A click on a block there selects it here.
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { pathOf, useEditor, type EditorState } from './editor-store';
import { previewModel } from './preview-model';
import { PREVIEW_PATH } from './preview-protocol';
import { connectPreview } from './preview-host';
import styles from './editor.module.css';

/** The widths the page is laid out at; a pane narrower than that shows it scaled down, as it looks on that screen. */
const WIDTHS = { desktop: 1280, phone: 390 } as const;

function useWidth(element: React.RefObject<HTMLElement | null>): { width: number; height: number } {
  const [size, setSize] = useState({ width: 0, height: 0 });
  useEffect(() => {
    const target = element.current;
    if (!target) return;
    const observer = new ResizeObserver(([entry]) => setSize({ width: entry!.contentRect.width, height: entry!.contentRect.height }));
    observer.observe(target);
    return () => observer.disconnect();
  }, [element]);
  return size;
}

export function PreviewPane() {
  const frame = useRef<HTMLIFrameElement>(null);
  const [width, setWidth] = useState<keyof typeof WIDTHS>('desktop');
  const path = useEditor(pathOf);
  const stage = useRef<HTMLDivElement>(null);
  const stageSize = useWidth(stage);

  // Before the frame can ask (it is in the DOM from this commit on): the block types of the page, once it is read.
  useLayoutEffect(() => {
    const typesOf = (state: EditorState) => {
      const model = previewModel(state.doc, pathOf(state), 'page', false);
      return [...new Set([model.header, model.footer, ...model.blocks.map((b) => b.entry)].flatMap((e) => (e ? [e.type] : [])))];
    };
    let stop = () => {};
    const types = new Promise<string[]>((resolve) => {
      if (useEditor.getState().file) return resolve(typesOf(useEditor.getState()));
      stop = useEditor.subscribe((state) => {
        if (!state.file) return;
        stop();
        resolve(typesOf(state));
      });
    });
    window.__previewBlockTypes = { frame: frame.current, types };
    return () => {
      stop();
      delete window.__previewBlockTypes;
    };
  }, []);

  useEffect(() => {
    let reveal = true;
    const connection = connectPreview(
      () => frame.current,
      () => {
        const state = useEditor.getState();
        if (!state.file) return null; // the page is still being read
        const model = previewModel(state.doc, pathOf(state), state.selected, reveal);
        reveal = true;
        return model;
      },
      {
        select(index) {
          reveal = false; // it is in view already: the editor just clicked it
          useEditor.getState().select(index);
        },
        shown: () => useEditor.setState({ previewShown: true }),
      },
    );
    const stop = useEditor.subscribe((s, p) => {
      if (s.doc !== p.doc || s.selected !== p.selected) connection.push();
    });
    return () => {
      connection.stop();
      stop();
    };
  }, []);

  const pixels = WIDTHS[width];
  const scale = stageSize.width > 0 ? Math.min(1, stageSize.width / pixels) : 1;
  const frameStyle = { width: pixels, height: scale < 1 ? stageSize.height / scale : '100%', transform: scale < 1 ? `scale(${scale})` : undefined };
  return (
    <section className={styles.preview} aria-label="Preview">
      <div className={styles.previewBar}>
        <h2 className={styles.paneTitle}>Preview</h2>
        <div role="group" aria-label="Preview width" className={styles.segmented}>
          {(Object.keys(WIDTHS) as Array<keyof typeof WIDTHS>).map((w) => (
            <button key={w} type="button" aria-pressed={width === w} onClick={() => setWidth(w)}>
              {w === 'desktop' ? 'Desktop (1280 px)' : 'Phone (390 px)'}
            </button>
          ))}
        </div>
      </div>
      <div className={styles.previewStage} ref={stage}>
        <iframe ref={frame} className={styles.previewFrame} style={frameStyle} title={`Preview of ${path}`} src={PREVIEW_PATH} />
      </div>
    </section>
  );
}
