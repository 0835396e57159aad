/**
 * Who else has this page open (the studio: editor-backend.ts `presence`), said in the toolbar and asked again every
 * 10 s, so two people on one page know before their saves meet (the second save merges the first's in).
 */
import { useEffect, useState } from 'react';
import { backend } from './model/editor-backend';
import styles from './editor.module.css';

const EVERY_MS = 10_000;

const listed = (names: string[]) => (names.length <= 1 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`);

export function PresenceLine({ file }: { file: string }) {
  const [others, setOthers] = useState<string[]>([]);
  useEffect(() => {
    const presence = backend().presence;
    if (!presence) return;
    let stopped = false;
    // A failed ask leaves the line as it was: the next one, 10 s later, tries again.
    const ask = () =>
      void presence(file).then(
        (names) => !stopped && setOthers([...new Set(names)].sort()),
        () => undefined,
      );
    ask();
    const timer = setInterval(ask, EVERY_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [file]);
  return (
    <p className={styles.presence} aria-live="polite" data-testid="presence">
      {others.length > 0 ? `Also editing this page: ${listed(others)}` : ''}
    </p>
  );
}
