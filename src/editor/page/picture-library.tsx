/**
 * The picture library: a modal dialog, opened from a picture field, that shows the site's photographs and
 * illustrations (isLibraryPicture: decided by folder, so no favicon, share card or blog picture) as thumbnails,
 * searched by name. A photograph from the computer is uploaded into it with the file picker or by dropping it
 * anywhere on the dialog; an uploaded picture is chosen at once. Escape or Close leaves it; the field decides where
 * focus goes next (the alt text after a choice, its own button otherwise).
 */
import { useId, useLayoutEffect, useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import { isLibraryPicture, MAX_UPLOAD_BYTES, type PublicImage } from '../shared/editor-contract';
import { useSite } from './model/site-store';
import { ACCEPTED_TYPES, refusalOfFiles, uploadPicture } from './model/picture-upload';
import { PictureGrid } from './picture-grid';
import editorStyles from './editor.module.css';
import styles from './picture-library.module.css';

/** Photographs first (they are what an editor adds), then the illustrations; each by name. */
const order = (a: PublicImage, b: PublicImage) => Number(a.src.startsWith('/illustrations/')) - Number(b.src.startsWith('/illustrations/')) || a.src.localeCompare(b.src);

/** Every word of the search in the picture's path, hyphens and folders counting as spaces ("sectors food"). */
function matches(src: string, query: string): boolean {
  const haystack = src.toLowerCase().replace(/[-_/.]+/g, ' ');
  return query
    .toLowerCase()
    .split(/[\s\-_/.]+/)
    .filter(Boolean)
    .every((word) => haystack.includes(word));
}

type UploadState = { kind: 'idle' } | { kind: 'uploading'; name: string } | { kind: 'refused'; message: string };

export function PictureLibrary({ current, fieldLabel, onChoose, onClose }: { current: string; fieldLabel: string; onChoose(image: PublicImage): void; onClose(): void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const picker = useRef<HTMLInputElement>(null);
  const search = useRef<HTMLInputElement>(null);
  const ids = useId();
  const images = useSite((s) => s.images);
  const [query, setQuery] = useState('');
  const [upload, setUpload] = useState<UploadState>({ kind: 'idle' });
  const [dragging, setDragging] = useState(false);

  useLayoutEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    // The search first, so typing searches at once (showModal would pick the first button, Close).
    search.current?.focus();
  }, []);

  const library = images.filter((i) => isLibraryPicture(i.src)).sort(order);
  const shown = library.filter((i) => matches(i.src, query));

  const send = async (files: File[]) => {
    const refusal = refusalOfFiles(files);
    if (refusal) return setUpload({ kind: 'refused', message: refusal });
    setUpload({ kind: 'uploading', name: files[0]!.name });
    try {
      onChoose(await uploadPicture(files[0]!));
    } catch (error) {
      setUpload({ kind: 'refused', message: (error as Error).message });
    }
  };

  // Down from the search goes to the pictures, as it would in a list of suggestions.
  const toGrid = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowDown') return;
    event.preventDefault();
    dialog.current?.querySelector<HTMLButtonElement>('ul button[tabindex="0"]')?.focus();
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    void send([...event.dataTransfer.files]);
  };
  const onDragOver = (event: DragEvent) => {
    if (!event.dataTransfer.types.includes('Files')) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setDragging(true);
  };

  return (
    <dialog
      ref={dialog}
      className={`${editorStyles.dialog} ${styles.library}`}
      aria-labelledby={`${ids}-title`}
      data-dragging={dragging || undefined}
      onClose={onClose}
      onCancel={(e) => {
        // Escape: the field is told at once, so focus goes back to it, not to wherever the browser would put it.
        e.preventDefault();
        onClose();
      }}
      onDragOver={onDragOver}
      onDragLeave={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setDragging(false);
      }}
      onDrop={onDrop}
    >
      <header className={editorStyles.dialogHeader}>
        <h2 id={`${ids}-title`} className={editorStyles.dialogTitle}>
          Picture library <span className={styles.for}>for {fieldLabel}</span>
        </h2>
        <button type="button" className={editorStyles.secondaryButton} onClick={onClose}>
          Close
        </button>
      </header>
      <div className={styles.tools}>
        <div className={styles.search}>
          <label htmlFor={`${ids}-search`} className={editorStyles.label}>
            Search by name
          </label>
          <input
            ref={search}
            id={`${ids}-search`}
            className={editorStyles.input}
            type="search"
            value={query}
            placeholder="team, office, sectors…"
            aria-describedby={`${ids}-count`}
            onChange={(e) => setQuery(e.target.value)}
            onKeyDown={toGrid}
          />
        </div>
        <div className={styles.upload}>
          <button type="button" className={editorStyles.primaryButton} disabled={upload.kind === 'uploading'} onClick={() => picker.current?.click()}>
            Upload a photograph…
          </button>
          <input
            ref={picker}
            type="file"
            accept={ACCEPTED_TYPES}
            hidden
            data-testid="picture-file"
            onChange={(e) => {
              void send([...(e.target.files ?? [])]);
              e.target.value = '';
            }}
          />
          <p className={styles.hint}>Or drop one here. JPEG, PNG, WebP or AVIF, up to {MAX_UPLOAD_BYTES / 1024 / 1024} MB; it is added to the site’s photographs and chosen.</p>
        </div>
      </div>
      <div role="status" className={styles.status}>
        {upload.kind === 'uploading' && `Uploading “${upload.name}”…`}
      </div>
      {upload.kind === 'refused' && (
        <p role="alert" className={styles.refusal}>
          Not uploaded: {upload.message}
        </p>
      )}
      <p id={`${ids}-count`} className={styles.count}>
        {shown.length === library.length ? `${library.length} pictures` : shown.length === 0 ? `No picture’s name has “${query}”.` : `${shown.length} of ${library.length} pictures`}
      </p>
      <h3 id={`${ids}-list`} className="visually-hidden">
        Pictures
      </h3>
      <div className={styles.scroller}>
        <PictureGrid images={shown} current={current} onChoose={onChoose} labelledBy={`${ids}-list`} />
      </div>
      {dragging && (
        <div className={styles.dropCover} aria-hidden="true">
          <span>Drop the photograph to upload it</span>
        </div>
      )}
    </dialog>
  );
}
