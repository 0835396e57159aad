/**
 * The link between the editor's store and the open page's preview frame (frame-slot.ts), for as long as the page
 * is open. It starts before the editor's own modules load (start-editor.ts), so the page is sent to the frame as
 * soon as both are there, not once the editor has rendered.
 */
import { pathOf, useEditor } from './model/editor-store';
import { connectFrame } from './frame-link';
import { isPreviewFrameReady, previewFrame } from './frame-slot';

/** Sends the frame the page on every change of the document or the selection, and takes its clicks as selections. */
export function linkPreview(): void {
  let reveal = true;
  const connection = connectFrame(
    previewFrame,
    () => {
      const state = useEditor.getState();
      if (!state.file) return null; // the page is still being read
      const content = { documents: state.doc, path: pathOf(state), selected: state.selected === 'page' ? null : state.selected, reveal };
      reveal = true;
      return content;
    },
    {
      select(place) {
        reveal = false; // it is in view already: the editor just clicked it
        useEditor.getState().select(place);
      },
      shown: () => useEditor.setState({ previewShown: true }),
    },
    isPreviewFrameReady(),
  );
  useEditor.subscribe((s, p) => {
    if (s.doc !== p.doc || s.selected !== p.selected) connection.push();
  });
}
