/**
 * The preview's own rules, as constructed style sheets (document.adoptedStyleSheets) rather than <style> elements:
 * the studio's CSP has no 'unsafe-inline', which blocks a <style> element but not a sheet made by script. One sheet
 * is fixed (blocks out of view are skipped), the other holds the selection's frame and is replaced when it moves,
 * so selecting a block renders no block again.
 */

/**
 * Blocks out of view are skipped by style, layout and paint (content-visibility): on a page of hundreds of blocks an
 * animation in one of them otherwise makes every frame walk the whole page, and a keystroke waits behind those
 * frames. The header and footer are left alone (the header is sticky).
 */
const OFFSCREEN = `main > [data-editor-index] > [data-block] { content-visibility: auto; contain-intrinsic-size: auto 640px; }`;

/** A frame over the selected block, above its own backgrounds and positioned children. */
const selectionRule = (index: number | string) => `
  [data-editor-index="${index}"] > [data-block] { position: relative; }
  [data-editor-index="${index}"] > [data-block]::after {
    content: ''; position: absolute; inset: 0; z-index: 1000; pointer-events: none;
    border: 3px solid #2563eb; box-shadow: inset 0 0 0 1px #fff;
  }`;

let selection: CSSStyleSheet | undefined;

function sheets(): CSSStyleSheet {
  if (selection) return selection;
  const offscreen = new CSSStyleSheet();
  offscreen.replaceSync(OFFSCREEN);
  selection = new CSSStyleSheet();
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, offscreen, selection];
  return selection;
}

/** Frames the block at `index` (a number, "header" or "footer"), or none. */
export function showSelection(index: number | string | null): void {
  sheets().replaceSync(index === null ? '' : selectionRule(index));
}
