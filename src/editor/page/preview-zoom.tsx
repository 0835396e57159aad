/**
 * The preview's zoom: "Fit" draws the page as wide as the pane (a desktop page in a narrow pane is small and
 * hard to read), a fixed zoom draws it at that size and the pane scrolls sideways. The choice is remembered in
 * this browser, for every page.
 */
import { useState } from 'react';
import styles from './editor.module.css';

export type Zoom = 'fit' | '1' | '0.75' | '0.5';

const ZOOMS: readonly Zoom[] = ['fit', '1', '0.75', '0.5'];
const STORAGE_KEY = 'editor:preview-zoom';

function remembered(): Zoom {
  try {
    const value = localStorage.getItem(STORAGE_KEY);
    return ZOOMS.includes(value as Zoom) ? (value as Zoom) : 'fit';
  } catch {
    return 'fit'; // storage refused (a private window): the default, every time
  }
}

export function useZoom(): [Zoom, (zoom: Zoom) => void] {
  const [zoom, setZoom] = useState<Zoom>(remembered);
  const choose = (next: Zoom) => {
    setZoom(next);
    try {
      localStorage.setItem(STORAGE_KEY, next);
    } catch {
      // not remembered; the choice still holds until the page is left
    }
  };
  return [zoom, choose];
}

export const zoomScale = (zoom: Zoom, fit: number) => (zoom === 'fit' ? fit : Number(zoom));

const percent = (scale: number) => `${Math.round(scale * 100)} %`;

export function PreviewZoom({ zoom, fit, onZoom }: { zoom: Zoom; fit: number; onZoom(zoom: Zoom): void }) {
  return (
    <label className={styles.zoom}>
      Zoom
      <select className={styles.zoomSelect} value={zoom} onChange={(e) => onZoom(e.target.value as Zoom)}>
        {ZOOMS.map((z) => (
          <option key={z} value={z}>
            {z === 'fit' ? `Fit (${percent(fit)})` : percent(Number(z))}
          </option>
        ))}
      </select>
    </label>
  );
}
