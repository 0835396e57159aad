/**
 * The live preview's pane: the real page in an iframe of this dev server (/__edit/preview, frame-slot.ts),
 * sent the document on every change by page-preview-link.ts, shown at desktop or phone width, at a zoom the
 * editor chooses (fitted to the pane, or 100 %, 75 %, 50 %; remembered in this browser).
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { pathOf, useEditor } from './model/editor-store';
import { placePreviewFrame } from './frame-slot';
import { PreviewZoom, useZoom, zoomScale } from './preview-zoom';
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
  const [width, setWidth] = useState<keyof typeof WIDTHS>('desktop');
  const [zoom, setZoom] = useZoom();
  const path = useEditor(pathOf);
  const stage = useRef<HTMLDivElement>(null);
  const stageSize = useWidth(stage);
  const frame = useRef<HTMLIFrameElement>(null);
  // The frame is not React's: it may have been loading since before the editor's modules (frame-slot.ts).
  useLayoutEffect(() => {
    frame.current = placePreviewFrame(stage.current!);
  }, []);

  const pixels = WIDTHS[width];
  const fit = stageSize.width > 0 ? Math.min(1, stageSize.width / pixels) : 1;
  const scale = zoomScale(zoom, fit);
  useLayoutEffect(() => {
    const placed = frame.current!;
    placed.className = styles.previewFrame!;
    placed.title = `Preview of ${path}`;
    // Laid out at its full width, drawn at `scale`; the negative margins make it take the room it is drawn in,
    // so a zoom wider than the pane scrolls sideways by exactly what is hidden.
    const height = scale < 1 ? stageSize.height / scale : stageSize.height;
    Object.assign(placed.style, {
      width: `${pixels}px`,
      height: stageSize.height > 0 ? `${height}px` : '100%',
      transform: scale < 1 ? `scale(${scale})` : '',
      marginRight: `${-pixels * (1 - scale)}px`,
      marginBottom: `${-height * (1 - scale)}px`,
    });
  }, [path, pixels, scale, stageSize.height]);
  return (
    <section className={styles.preview} aria-label="Preview">
      <div className={styles.previewBar}>
        <h2 className={styles.paneTitle}>Preview</h2>
        <div className={styles.previewControls}>
          <PreviewZoom zoom={zoom} fit={fit} onZoom={setZoom} />
          <div role="group" aria-label="Preview width" className={styles.segmented}>
            {(Object.keys(WIDTHS) as Array<keyof typeof WIDTHS>).map((w) => (
              <button key={w} type="button" aria-pressed={width === w} onClick={() => setWidth(w)}>
                {w === 'desktop' ? 'Desktop (1280 px)' : 'Phone (390 px)'}
              </button>
            ))}
          </div>
        </div>
      </div>
      <div className={styles.previewStage} ref={stage} />
    </section>
  );
}
