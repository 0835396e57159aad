/**
 * The toolbar's scheduled publishing (the studio): the page's schedule in words in the site's time zone, with
 * Change and Cancel; a failed one with its reason until dismissed; for publishers with none, "Schedule…".
 */
import { useEffect, useRef, useState } from 'react';
import { siteTimeZone } from '../../model/time-zone';
import { backend } from './model/editor-backend';
import { useEditor } from './model/editor-store';
import { refreshSchedules, scheduleWords, useSchedules } from './model/schedules';
import { ScheduleForm } from './schedule-form';
import styles from './schedule.module.css';
import editorStyles from './editor.module.css';

export function ScheduleControl() {
  const file = useEditor((s) => s.file);
  const site = useEditor((s) => s.disk.site.value) as { settings?: unknown } | undefined;
  const schedule = useSchedules((s) => s.byFile?.[file]);
  const [open, setOpen] = useState(false);
  const [said, setSaid] = useState('');
  const opener = useRef<HTMLButtonElement>(null);
  const scheduling = backend().scheduling;
  useEffect(() => void refreshSchedules(), []);
  if (!scheduling) return null;
  const zone = siteTimeZone(site?.settings);
  const change = scheduling.change;

  const close = (message?: string) => {
    setOpen(false);
    if (message) setSaid(message);
    // The button is there again after the render that closes the form.
    requestAnimationFrame(() => opener.current?.focus());
  };
  const cancel = async () => {
    try {
      setSaid(await change!.cancel(file));
    } catch (error) {
      setSaid((error as Error).message);
    }
    await refreshSchedules();
    requestAnimationFrame(() => opener.current?.focus());
  };

  if (schedule?.state === 'failed') {
    return (
      <div className={styles.failed} role="alert" data-testid="schedule-state">
        {scheduleWords(schedule, zone)}{' '}
        {change && (
          <button type="button" className={editorStyles.secondaryButton} onClick={() => void cancel()}>
            Dismiss
          </button>
        )}
      </div>
    );
  }
  return (
    <div className={styles.scheduled}>
      <span role="status" data-testid="schedule-state">
        {schedule ? scheduleWords(schedule, zone) : said}
      </span>
      {change && schedule?.state !== 'publishing' && (
        <button ref={opener} type="button" className={editorStyles.secondaryButton} aria-expanded={open} onClick={() => setOpen(!open)} title="Publish the saved draft of this page at a date and time">
          {schedule ? 'Change' : 'Schedule…'}
        </button>
      )}
      {change && schedule?.state === 'waiting' && (
        <button type="button" className={editorStyles.secondaryButton} onClick={() => void cancel()}>
          Cancel schedule
        </button>
      )}
      {open && change && <ScheduleForm file={file} zone={zone} at={schedule?.at} change={change} onClose={close} />}
    </div>
  );
}
