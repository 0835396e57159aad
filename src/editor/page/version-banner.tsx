/**
 * Over the preview while an old version of the page is shown in it (version-view.ts): whose version of when, what it
 * changed, and "Back to your edits", which brings the edits back exactly as they were (they never left the store).
 */
import { BACK_TO_EDITS_ID, HISTORY_BUTTON_ID } from './history-panel';
import { backToEdits, type ShownVersion } from './model/version-view';
import { shownText } from './model/version-words';
import editorStyles from './editor.module.css';
import styles from './history-panel.module.css';

export function VersionBanner({ shown }: { shown: ShownVersion }) {
  const back = () => {
    backToEdits();
    document.getElementById(HISTORY_BUTTON_ID)?.focus();
  };
  return (
    <main id="main" className={styles.banner} aria-labelledby="version-banner-title" data-testid="version-banner">
      <h2 id="version-banner-title" className={styles.bannerTitle}>
        An old version, not your edits
      </h2>
      <p>{shownText(shown.version)}</p>
      <button type="button" id={BACK_TO_EDITS_ID} className={editorStyles.primaryButton} onClick={back}>
        Back to your edits
      </button>
    </main>
  );
}
