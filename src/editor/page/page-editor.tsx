/** The editor of one page: toolbar, notices, outline, form and preview, with the keyboard shortcuts. */
import { useEffect } from 'react';
import { useEditor } from './model/editor-store';
import { save } from './model/save-protocol';
import { startSession } from './model/editor-session';
import { addressFollowsPath } from './model/route-actions';
import { Toolbar } from './toolbar';
import { Notices } from './notices';
import { Outline } from './outline';
import { BlockForm } from './block-form';
import { PreviewPane } from './preview-pane';
import { VersionBanner } from './version-banner';
import { isShowingVersion, useVersionView } from './model/version-view';
import { useReviews } from './model/reviews';
import { ReviewBanner } from './review-banner';
import { ReviewScreen } from './review-screen';
import styles from './editor.module.css';
import reviewStyles from './review.module.css';

function onKeyDown(event: KeyboardEvent) {
  if (!(event.ctrlKey || event.metaKey) || event.altKey) return;
  const key = event.key.toLowerCase();
  // An old version is shown: the edits are out of sight, so nothing saves or undoes them unseen.
  if (isShowingVersion()) {
    if (key === 's' || key === 'z' || key === 'y') event.preventDefault();
    return;
  }
  if (key === 's') {
    event.preventDefault();
    void save();
  } else if (key === 'z' || key === 'y') {
    // The editor's history, not the text field's own: one history for every kind of change.
    event.preventDefault();
    if (key === 'y' || event.shiftKey) useEditor.getState().redo();
    else useEditor.getState().undo();
  }
}

/**
 * `opened`: the page has been read into the store; until then only the preview frame is there, loading. While an old
 * version is shown the outline, form and notices are not there (nothing edits it) and the preview spans the width; the
 * preview keeps its place among the children, so its frame is never moved (which would load it again).
 */
export function PageEditor({ opened }: { opened: boolean }) {
  const shown = useVersionView((s) => s.shown);
  // The review screen takes the outline's and form's place, as an old version does; never both at once.
  const reviewing = useReviews((s) => s.screenOpen) && !shown;
  const editing = opened && !shown && !reviewing;
  useEffect(() => {
    if (!opened) return;
    const stop = startSession();
    const stopFollowing = addressFollowsPath();
    window.addEventListener('keydown', onKeyDown);
    document.documentElement.setAttribute('data-editor-ready', '');
    return () => {
      stop();
      stopFollowing();
      window.removeEventListener('keydown', onKeyDown);
    };
  }, [opened]);
  return (
    <div className={styles.editor}>
      {opened ? <Toolbar /> : <p className={styles.loading}>Opening…</p>}
      {opened && !shown && <ReviewBanner />}
      {editing && <Notices />}
      <div className={shown ? styles.panesVersion : reviewing ? reviewStyles.panes : styles.panes}>
        {editing && <Outline />}
        {opened && reviewing && <ReviewScreen />}
        {editing && (
          <main className={styles.formPane} id="main">
            <BlockForm />
          </main>
        )}
        {opened && shown && <VersionBanner shown={shown} />}
        <PreviewPane />
      </div>
    </div>
  );
}
