/**
 * The preview, inside the editor's iframe at /__edit/preview: the real page shell and the real block
 * components, showing whatever document the editor hands over (window.__pagePreview.show, called directly:
 * the frame has the editor's origin, so the objects arrive as they are, with no copy). A click on a block
 * selects it in the editor; links and forms do nothing here, so the preview stays on the page.
 */
import { memo, StrictMode, useEffect, useLayoutEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { BlockEnvironment } from '../kit/block-environment';
import { site } from '../model/site';
import { BlockFrame } from '../render/render-blocks';
import type { PreviewModel } from './preview-model';
import { PREVIEW_SOURCE, type PreviewEvent } from './preview-protocol';


const tell = (message: PreviewEvent) => window.parent.postMessage({ source: PREVIEW_SOURCE, ...message }, window.location.origin);

const PreviewEntry = memo(function PreviewEntry({ entry, index }: { entry: PreviewModel['blocks'][number]['entry']; index: number | string }) {
  return (
    <div data-editor-index={index} style={{ display: 'contents' }}>
      <BlockFrame entry={entry} />
    </div>
  );
});

function keysOf(blocks: PreviewModel['blocks']): string[] {
  const seen = new Set<string>();
  return blocks.map((b) => {
    let key = b.entry.id ?? `${b.entry.type}@${b.index}`;
    if (seen.has(key)) key = `${key}@${b.index}`; // a duplicate id is the content check's to report; React still needs unique keys
    seen.add(key);
    return key;
  });
}

/** A frame over the selected block, above its own backgrounds and positioned children. */
const selectionStyle = (index: number | string) => `
  [data-editor-index="${index}"] > [data-block] { position: relative; }
  [data-editor-index="${index}"] > [data-block]::after {
    content: ''; position: absolute; inset: 0; z-index: 1000; pointer-events: none;
    border: 3px solid #2563eb; box-shadow: inset 0 0 0 1px #fff;
  }`;

function Preview() {
  const [model, setModel] = useState<PreviewModel | null>(null);
  useEffect(() => {
    window.__pagePreview = { show: setModel };
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
    // Not scrollIntoView: it would scroll the editor around the frame too.
    const block = document.querySelector(`[data-editor-index="${model.selected}"] > [data-block]`);
    if (block) window.scrollTo({ top: block.getBoundingClientRect().top + window.scrollY - 8 });
  }, [model?.selected, model?.reveal]);
  useEffect(() => {
    document.documentElement.toggleAttribute('data-preview-ready', model !== null);
  }, [model]);
  if (!model) return null;
  const keys = keysOf(model.blocks);
  return (
    <BlockEnvironment settings={site.settings} route={{ path: model.path, params: {} }}>
      {model.selected !== null && model.selected !== 'page' && <style>{selectionStyle(model.selected)}</style>}
      {model.header && <PreviewEntry entry={model.header} index="header" />}
      <main id="main" tabIndex={-1}>
        {model.blocks.map((block, i) => (
          <PreviewEntry key={keys[i]} entry={block.entry} index={block.index} />
        ))}
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
