/**
 * The preview, inside the editor's iframe at /__edit/preview: the real page shell and the real block
 * components, showing whatever document the editor hands over (window.__pagePreview.show, called directly:
 * the frame has the editor's origin, so the objects arrive as they are, with no copy). A click on a block
 * selects it in the editor; links and forms do nothing here, so the preview stays on the page.
 */
import { memo, StrictMode, useEffect, useLayoutEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { BlockEnvironment } from '../kit/block-environment';
import { site } from '../model/site';
import { BlockFrame } from '../render/render-blocks';
import { isBlockModuleLoaded, isBlockType, loadBlockModule } from '../render/block-modules';
import type { PreviewModel } from './preview-model';
import { entryKeys } from './entry-keys';
import { useElementCache } from './element-cache';
import { PREVIEW_SOURCE, type PreviewEvent } from './preview-protocol';


const tell = (message: PreviewEvent) => window.parent.postMessage({ source: PREVIEW_SOURCE, ...message }, window.location.origin);

/** A block's own subtree, rendered again only when its entry changed: an insert above it only renumbers its wrapper. */
const PreviewBlock = memo(BlockFrame);

interface PreviewEntryProps extends Record<string, unknown> {
  entry: PreviewModel['blocks'][number]['entry'];
  index: number | string;
}

function PreviewEntry({ entry, index }: PreviewEntryProps) {
  return (
    <div data-editor-index={index} style={{ display: 'contents' }}>
      <PreviewBlock entry={entry} />
    </div>
  );
}

/**
 * The page's blocks out of view are skipped by the browser's style, layout and paint (content-visibility): on a
 * page of hundreds of blocks, any animation in one of them otherwise makes every frame walk the whole page, and a
 * keystroke waits behind those frames. The header and footer are left alone (the header is sticky).
 */
const offscreenStyle = `main > [data-editor-index] > [data-block] { content-visibility: auto; contain-intrinsic-size: auto 640px; }`;

/** A frame over the selected block, above its own backgrounds and positioned children. */
const selectionStyle = (index: number | string) => `
  [data-editor-index="${index}"] > [data-block] { position: relative; }
  [data-editor-index="${index}"] > [data-block]::after {
    content: ''; position: absolute; inset: 0; z-index: 1000; pointer-events: none;
    border: 3px solid #2563eb; box-shadow: inset 0 0 0 1px #fff;
  }`;

/**
 * Shows a model once the modules of all its block types are loaded, so the page is laid out whole at once: blocks
 * appearing one by one would let those further down (counters, lazy pictures) think for a moment they are in
 * view, and start. A model that arrives meanwhile replaces the one waiting.
 */
function showWhenLoaded(show: (model: PreviewModel) => void): (model: PreviewModel) => void {
  let latest: PreviewModel | undefined;
  return (model) => {
    latest = model;
    const entries = [model.header, model.footer, ...model.blocks.map((b) => b.entry)];
    const missing = [...new Set(entries.flatMap((e) => (e && isBlockType(e.type) && !isBlockModuleLoaded(e.type) ? [e.type] : [])))];
    if (missing.length === 0) return show(model);
    void Promise.allSettled(missing.map(loadBlockModule)).then(() => {
      if (latest === model) show(model);
    });
  };
}

function Preview() {
  const [model, setModel] = useState<PreviewModel | null>(null);
  useEffect(() => {
    // Rendered at once, inside the editor's own event: the page and the editor then paint in the same frame,
    // where this frame's root would otherwise wait for a task of its own, and a frame more.
    window.__pagePreview = { show: showWhenLoaded((next) => flushSync(() => setModel(next))) };
    tell({ type: 'ready' });
    const onClick = (event: MouseEvent) => {
      const target = event.target as Element;
      if (target.closest('a[href]')) event.preventDefault();
      const index = target.closest('[data-editor-index]')?.getAttribute('data-editor-index');
      if (index) tell({ type: 'select', index: /^\d+$/.test(index) ? Number(index) : (index as 'header' | 'footer') });
    };
    const onSubmit = (event: SubmitEvent) => event.preventDefault();
    document.addEventListener('click', onClick, true);
    document.addEventListener('submit', onSubmit, true);
    return () => {
      delete window.__pagePreview;
      document.removeEventListener('click', onClick, true);
      document.removeEventListener('submit', onSubmit, true);
    };
  }, []);
  useLayoutEffect(() => {
    if (model?.selected == null || model.selected === 'page' || !model.reveal) return;
    // Not scrollIntoView: it would scroll the editor around the frame too. At once, not with the site's smooth
    // scrolling: its frames would hold up the next edit's.
    const block = document.querySelector(`[data-editor-index="${model.selected}"] > [data-block]`);
    if (block) window.scrollTo({ top: block.getBoundingClientRect().top + window.scrollY - 8, behavior: 'instant' });
  }, [model?.selected, model?.reveal]);
  useEffect(() => {
    document.documentElement.toggleAttribute('data-preview-ready', model !== null);
  }, [model]);
  const entry = useElementCache((key, props: PreviewEntryProps) => <PreviewEntry key={key} {...props} />);
  if (!model) return null;
  const keys = entryKeys(model.blocks.map((b) => b.entry));
  return (
    <BlockEnvironment settings={site.settings} route={{ path: model.path, params: {} }}>
      <style>{offscreenStyle}</style>
      {model.selected !== null && model.selected !== 'page' && <style>{selectionStyle(model.selected)}</style>}
      {model.header && <PreviewEntry entry={model.header} index="header" />}
      <main id="main" tabIndex={-1}>
        {model.blocks.map((block, i) => entry(keys[i]!, { entry: block.entry, index: block.index }))}
      </main>
      {model.footer && <PreviewEntry entry={model.footer} index="footer" />}
    </BlockEnvironment>
  );
}

export function mountPreview(container: HTMLElement): void {
  document.title = 'Preview';
  createRoot(container).render(
    <StrictMode>
      <Preview />
    </StrictMode>,
  );
}
