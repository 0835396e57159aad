/**
 * "Share preview" (the studio): a link to this page's saved draft for someone without an account, such as a sales
 * director. The link follows the draft (each later save shows there), works for 7 days unless revoked, and its full
 * address is shown once, when it is made: the studio keeps only a way to recognise it. The page's working links are
 * listed with Revoke. Escape closes the panel and puts focus back on its button.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { backend, type PreviewSharing, type SharedPreview } from './model/editor-backend';
import editorStyles from './editor.module.css';
import styles from './share-preview.module.css';

const PANEL_ID = 'share-preview';
const when = (iso: string) => new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

export function SharePreviewButton({ open, onToggle }: { open: boolean; onToggle(): void }) {
  return (
    <button type="button" className={editorStyles.secondaryButton} aria-expanded={open} aria-controls={PANEL_ID} onClick={onToggle} data-share-preview-button title="A link to this page's saved draft for someone without an account">
      Share preview
    </button>
  );
}

/** Copies `text`; where the clipboard is not offered (plain http), selects it in `input` and asks the browser to copy. */
async function copy(text: string, input: HTMLInputElement | null): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    input?.select();
    return document.execCommand('copy');
  }
}

export function SharePreviewPanel({ file, onClose }: { file: string; onClose(): void }) {
  const previews = backend().previews as PreviewSharing;
  const [links, setLinks] = useState<SharedPreview[] | null>(null);
  const [made, setMade] = useState<(SharedPreview & { url: string }) | null>(null);
  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const makeButton = useRef<HTMLButtonElement>(null);
  const refresh = useCallback(() => previews.list(file).then(setLinks, (error: Error) => setStatus(error.message)), [previews, file]);
  useEffect(() => void refresh(), [refresh]);

  /** Runs `work` with the buttons disabled; `then` runs once they are enabled again. */
  const run = async (work: () => Promise<void>, then?: () => void) => {
    setBusy(true);
    try {
      await work();
    } catch (error) {
      setStatus((error as Error).message);
    } finally {
      flushSync(() => setBusy(false));
      then?.();
    }
  };
  const make = () =>
    run(async () => {
      const link = await previews.create(file);
      setMade(link);
      setStatus(`Preview link made. It works until ${when(link.expiresAt)}.`);
      await refresh();
      requestAnimationFrame(() => input.current?.select());
    });
  const revoke = (link: SharedPreview) =>
    run(
      async () => {
        setStatus(await previews.revoke(file, link.id));
        if (made?.id === link.id) setMade(null);
        await refresh();
      },
      // Its button is gone with it: focus stays in the panel, on the button that makes a new link.
      () => makeButton.current?.focus(),
    );
  const panel = useRef<HTMLElement>(null);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.stopPropagation();
      onClose();
      document.querySelector<HTMLElement>('[data-share-preview-button]')?.focus();
    };
    const box = panel.current;
    box?.addEventListener('keydown', onKeyDown);
    return () => box?.removeEventListener('keydown', onKeyDown);
  }, [onClose]);

  return (
    <section id={PANEL_ID} className={styles.panel} aria-labelledby="share-preview-title" ref={panel}>
      <h2 id="share-preview-title">Share a preview of this page</h2>
      <p>
        Anyone with the link sees this page&apos;s saved draft, without an account, and nothing else of the studio. The link follows the draft: what you save later shows there too (unsaved edits do not). It works for 7 days unless you
        revoke it.
      </p>
      <button type="button" ref={makeButton} className={editorStyles.primaryButton} onClick={() => void make()} disabled={busy}>
        Make a preview link
      </button>
      {made && (
        <div className={styles.made}>
          <label htmlFor="share-preview-url">Preview link</label>
          <input id="share-preview-url" ref={input} readOnly value={made.url} onFocus={(e) => e.currentTarget.select()} />
          <button type="button" className={editorStyles.secondaryButton} onClick={() => void copy(made.url, input.current).then((ok) => setStatus(ok ? 'Link copied.' : 'Select the link and copy it (Ctrl+C).'))}>
            Copy
          </button>
          <p>Copy it now: the studio keeps no copy of the link, so it cannot show it again. It works until {when(made.expiresAt)}.</p>
        </div>
      )}
      <h3>Working links to this page</h3>
      {links === null ? (
        <p>Reading the links…</p>
      ) : links.length === 0 ? (
        <p>None: no link opens this page&apos;s draft.</p>
      ) : (
        <ul className={styles.links}>
          {links.map((link) => (
            <li key={link.id}>
              <span>
                Link {link.id}, made by {link.by} on {when(link.createdAt)}, works until {when(link.expiresAt)}
              </span>
              <button type="button" className={editorStyles.secondaryButton} onClick={() => void revoke(link)} disabled={busy} aria-label={`Revoke link ${link.id}`}>
                Revoke
              </button>
            </li>
          ))}
        </ul>
      )}
      <p role="status">{status}</p>
    </section>
  );
}
