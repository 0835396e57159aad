/**
 * The preview, inside the editor's iframe at /__edit/preview: the real page shell and the real block
 * components, showing whatever view the editor page sends (frame-channel.ts). A click on a block selects it in
 * the editor; links and forms do nothing here, so the preview stays on the page.
 */
import { memo, startTransition, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { BlockEnvironment } from '../../kit/block-environment';
import { whenNear } from '../../kit/when-near';
import { site } from '../../model/site';
import { BlockFrame } from '../../render/render-blocks';
import { isBlockModuleLoaded, isBlockType, loadBlockModule } from '../../render/block-modules';
import { previewModel, type PreviewModel } from './preview-model';
import type { BlockEntry, BlockType } from '../../model/block-entry';
import { entryKeys } from '../shared/block-identity';
import { useElementCache } from '../shared/element-cache';
import { FIRST_SCREEN_BLOCKS } from '../shared/frame-protocol';
import { onView, tellEditor } from './frame-channel';
import { showSelection } from './frame-styles';

/** A block's own subtree, rendered again only when its entry changed: an insert above it only renumbers its wrapper. */
const MemoBlockFrame = memo(BlockFrame);

/** How far beyond the frame's viewport a block is rendered in full: a screen and a half ahead of scrolling. */
const NEAR_MARGIN = '150% 0px';
/** The height a block not rendered yet stands in for (as the browser's guess for a skipped block, below). */
const PLACEHOLDER_HEIGHT = 640;

/** Whether an observed element is on the frame's screen itself, not only within the margin ahead of it. */
const onScreen = (entry?: IntersectionObserverEntry) => !entry || (entry.boundingClientRect.top < window.innerHeight && entry.boundingClientRect.bottom > 0);

const PLACEHOLDER_STYLE = { height: PLACEHOLDER_HEIGHT };
const CONTENTS_STYLE = { display: 'contents' };

interface PreviewEntryProps extends Record<string, unknown> {
  entry: BlockEntry;
  shown: boolean;
  /** Watches a placeholder until it comes near the viewport; returns the function that stops watching. */
  watch(box: HTMLDivElement): () => void;
}

/**
 * One of the page's blocks, or, far out of view, its placeholder: an empty box, watched from when it is placed
 * until it comes near the viewport (its ref). Plain elements, with no component of their own: a long page has
 * hundreds. Its place (data-editor-index) is written by the page's layout effect rather than passed in, so an
 * insert or a move does not render every entry below it again.
 */
const previewEntry = (key: string, { entry, shown, watch }: PreviewEntryProps) =>
  shown ? (
    <div key={key} style={CONTENTS_STYLE}>
      <MemoBlockFrame entry={entry} />
    </div>
  ) : (
    <div key={key} ref={watch} data-preview-placeholder={key} style={PLACEHOLDER_STYLE} />
  );

/** The site's header or footer around the page, always rendered. */
function LayoutEntry({ entry, index }: { entry: BlockEntry; index: 'header' | 'footer' }) {
  return (
    <div data-editor-index={index} style={CONTENTS_STYLE}>
      <MemoBlockFrame entry={entry} />
    </div>
  );
}

/** The block types whose module failed to load: their blocks render, and their error boundaries say so. */
const failed = new Set<string>();

/** Loads the module of a block type; settles either way. */
const settle = (type: string): Promise<unknown> => loadBlockModule(type as BlockType).catch(() => failed.add(type));

/** Whether an entry can render: its module is there, or failed (an unknown type renders its notice at once). */
const isReady = (entry?: BlockEntry) => !entry || !isBlockType(entry.type) || isBlockModuleLoaded(entry.type) || failed.has(entry.type);

/**
 * Shows a model once the modules its first screen needs are loaded (the header's, the first blocks', the selected
 * block's), so that screen is laid out whole at once. The other blocks stay placeholders until their own modules
 * are there (useModulesLoaded): a block shown empty for a moment would pull those below it into view, and let
 * them start (counters, lazy pictures). A model that arrives meanwhile replaces the one waiting.
 */
function showWhenLoaded(show: (model: PreviewModel) => void): (model: PreviewModel) => void {
  let latest: PreviewModel | undefined;
  return (model) => {
    latest = model;
    const first = [model.header, ...model.blocks.filter((b, i) => i < FIRST_SCREEN_BLOCKS || b.index === model.selected).map((b) => b.entry)];
    const missing = [...new Set(first.flatMap((e) => (isReady(e) ? [] : [e!.type])))];
    if (missing.length === 0) return show(model);
    void Promise.all(missing.map(settle)).then(() => {
      if (latest === model) show(model);
    });
  };
}

/** Renders again (in a transition) each time the module of one of the model's block types arrives. */
function useModulesLoaded(model: PreviewModel | null): void {
  const [, setLoaded] = useState(0);
  useEffect(() => {
    if (!model) return;
    let current = true;
    const missing = new Set([model.footer, ...model.blocks.map((b) => b.entry)].flatMap((e) => (isReady(e) ? [] : [e!.type])));
    for (const type of missing) void settle(type).then(() => current && startTransition(() => setLoaded((n) => n + 1)));
    return () => {
      current = false;
    };
  }, [model]);
}

function Preview() {
  const [model, setModel] = useState<PreviewModel | null>(null);
  // The blocks that came near the viewport once; they stay rendered.
  const [near, setNear] = useState<ReadonlySet<string>>(() => new Set());
  // A block on the frame's screen renders at once; one only within the margin ahead renders in a transition after,
  // so the screen is filled first (at open, a dozen blocks came near at once, and the screen waited for all).
  const markNear = useCallback((key: string, onScreen: boolean) => {
    const add = () => setNear((keys) => (keys.has(key) ? keys : new Set(keys).add(key)));
    if (onScreen) add();
    else startTransition(add);
  }, []);
  const main = useRef<HTMLElement>(null);
  useModulesLoaded(model);
  useEffect(() => {
    // Rendered at once, inside the message's task: a root's update would otherwise wait for a task of its own. A view
    // that came before this effect (a preview link's host sends it early) is replayed here, inside React's commit,
    // where flushSync may not run: that one is an ordinary update.
    let subscribing = true;
    const show = showWhenLoaded((next) => (subscribing ? setModel(next) : flushSync(() => setModel(next))));
    const stop = onView((view) => show(previewModel(view)));
    subscribing = false;
    const onClick = (event: MouseEvent) => {
      const target = event.target as Element;
      if (target.closest('a[href]')) event.preventDefault();
      const index = target.closest('[data-editor-index]')?.getAttribute('data-editor-index');
      if (index) tellEditor({ type: 'select', place: /^\d+$/.test(index) ? Number(index) : (index as 'header' | 'footer') });
    };
    const onSubmit = (event: SubmitEvent) => event.preventDefault();
    document.addEventListener('click', onClick, true);
    document.addEventListener('submit', onSubmit, true);
    return () => {
      stop();
      document.removeEventListener('click', onClick, true);
      document.removeEventListener('submit', onSubmit, true);
    };
  }, []);
  useLayoutEffect(() => {
    // Each entry's place, written only where it changed (before the scroll below looks a block up by it).
    const wrappers = main.current?.children;
    model?.blocks.forEach((block, i) => {
      const wrapper = wrappers?.[i];
      if (wrapper && wrapper.getAttribute('data-editor-index') !== String(block.index)) wrapper.setAttribute('data-editor-index', String(block.index));
    });
  }, [model]);
  useLayoutEffect(() => showSelection(model?.selected ?? null), [model?.selected]);
  useLayoutEffect(() => {
    if (model?.selected == null || !model.reveal) return;
    // Not scrollIntoView: it would scroll the editor around the frame too. At once, not with the site's smooth
    // scrolling: its frames would hold up the next edit's.
    const block = document.querySelector(`[data-editor-index="${model.selected}"] > [data-block]`);
    if (block) window.scrollTo({ top: block.getBoundingClientRect().top + window.scrollY - 8, behavior: 'instant' });
  }, [model?.selected, model?.reveal]);
  const shown = model !== null;
  useEffect(() => {
    document.documentElement.toggleAttribute('data-preview-ready', shown);
    if (shown) requestAnimationFrame(() => tellEditor({ type: 'shown' }));
  }, [shown]);
  const entry = useElementCache(previewEntry);
  const watch = useCallback((box: HTMLDivElement) => whenNear(box, NEAR_MARGIN, (seen) => markNear(box.getAttribute('data-preview-placeholder')!, onScreen(seen))), [markNear]);
  // A new route object only for a new path: a new one on every model would render every block that reads it.
  const path = model?.path ?? '/';
  const route = useMemo(() => ({ path, params: {} }), [path]);
  if (!model) return null;
  const keys = entryKeys(model.blocks.map((b) => b.entry));
  return (
    <BlockEnvironment settings={site.settings} route={route}>
      {model.header && <LayoutEntry entry={model.header} index="header" />}
      <main id="main" tabIndex={-1} ref={main}>
        {model.blocks.map((block, i) => entry(keys[i]!, { entry: block.entry, shown: (i < FIRST_SCREEN_BLOCKS || block.index === model.selected || near.has(keys[i]!)) && isReady(block.entry), watch }))}
      </main>
      {model.footer && isReady(model.footer) && <LayoutEntry entry={model.footer} index="footer" />}
    </BlockEnvironment>
  );
}

export function mountPreview(container: HTMLElement): void {
  document.title = 'Preview';
  // Not in StrictMode, as the editor (mount-editor.tsx): it would render every block of a long page twice. The site's
  // own dev pages and the block gallery keep it, so the blocks are still checked by it.
  createRoot(container).render(<Preview />);
}
