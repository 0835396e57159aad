/**
 * The link between the editor's store and the open page's preview frame (preview-frame-slot.ts), for as long as the
 * page is open. It starts before the editor's own modules load (start-editor.ts), so the page is handed to the
 * frame as soon as both are there, not once the editor has rendered.
 */
import { pathOf, useEditor, type EditorState } from './model/editor-store';
import { connectPreview } from './frame-link';
import { previewModel } from '../frame/preview-model';
import { previewFrame } from './frame-slot';
import { FIRST_SCREEN_BLOCKS, type PageBlockTypes } from '../shared/frame-protocol';
import type { BlockEntry } from '../../model/block-entry';

/** The page's block types, once the page is read: the frame starts loading their modules then (preview-warm-up.ts). */
function blockTypesOfPage(): Promise<PageBlockTypes> {
  const typesOf = (state: EditorState): PageBlockTypes => {
    const model = previewModel(state.doc, pathOf(state), 'page', false);
    const types = (entries: Array<BlockEntry | undefined>) => entries.flatMap((e) => (e ? [e.type] : []));
    const first = new Set(types([model.header, ...model.blocks.slice(0, FIRST_SCREEN_BLOCKS).map((b) => b.entry)]));
    const rest = new Set(types([...model.blocks.slice(FIRST_SCREEN_BLOCKS).map((b) => b.entry), model.footer]).filter((type) => !first.has(type)));
    return { first: [...first], rest: [...rest] };
  };
  return new Promise((resolve) => {
    if (useEditor.getState().file) return resolve(typesOf(useEditor.getState()));
    const stop = useEditor.subscribe((state) => {
      if (!state.file) return;
      stop();
      resolve(typesOf(state));
    });
  });
}

/** Hands the frame the page on every change of the document or the selection, and takes its clicks as selections. */
export function linkPreview(): void {
  window.__previewBlockTypes = { isPageFrame: (element) => element !== null && element === previewFrame(), types: blockTypesOfPage() };
  let reveal = true;
  const connection = connectPreview(
    previewFrame,
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
  useEditor.subscribe((s, p) => {
    if (s.doc !== p.doc || s.selected !== p.selected) connection.push();
  });
}
