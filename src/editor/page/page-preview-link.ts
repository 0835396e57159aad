/**
 * The link between the editor's store and the open page's preview frame (frame-slot.ts), for as long as the page
 * is open. It starts before the editor's own modules load (start-editor.ts), so the page is sent to the frame as
 * soon as both are there, not once the editor has rendered.
 */
import { pathOf, useEditor } from './model/editor-store';
import { connectFrame } from './frame-link';
import { isPreviewFrameReady, previewFrame } from './frame-slot';
import { useVersionView } from './model/version-view';

/**
 * Sends the frame the page on every change of the document or the selection, and takes its clicks as selections;
 * while an old version is shown (version-view.ts), the frame shows that instead, nothing selected, and a click selects nothing.
 */
export function linkPreview(): void {
  let reveal = true;
  const connection = connectFrame(
    previewFrame,
    () => {
      const state = useEditor.getState();
      if (!state.file) return null; // the page is still being read
      const { shown } = useVersionView.getState();
      if (shown) return { documents: shown.documents, path: pathOf(state), selected: null, reveal: false };
      const content = { documents: state.doc, path: pathOf(state), selected: state.selected === 'page' ? null : state.selected, reveal };
      reveal = true;
      return content;
    },
    {
      select(place) {
        if (useVersionView.getState().shown) return;
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
  useVersionView.subscribe((s, p) => {
    if (s.shown !== p.shown) connection.push();
  });
}
