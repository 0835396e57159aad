/** The page list's word on a page's scheduled publish: when and by whom, or why it failed; Change opens the page, Cancel or Dismiss for publishers. */
import { useState } from 'react';
import { backend, type ScheduledPublish } from './model/editor-backend';
import { refreshSchedules, scheduleWords } from './model/schedules';
import styles from './schedule.module.css';
import editorStyles from './editor.module.css';

export function ScheduleCell({ schedule, zone, path }: { schedule: ScheduledPublish | undefined; zone: string; path: string }) {
  const [problem, setProblem] = useState('');
  if (!schedule) return <>Not scheduled</>;
  const change = backend().scheduling?.change;
  const cancel = () =>
    change!.cancel(schedule.file).then(
      () => refreshSchedules(),
      (error: Error) => setProblem(error.message),
    );
  return (
    <div className={`${styles.cell} ${schedule.state === 'failed' ? styles.cellFailed : ''}`}>
      <span>{scheduleWords(schedule, zone)}</span>
      {change && schedule.state !== 'publishing' && (
        <span className={styles.buttons}>
          {schedule.state === 'waiting' && <a href={backend().editorUrl(path)}>Change</a>}
          <button type="button" className={editorStyles.secondaryButton} onClick={() => void cancel()}>
            {schedule.state === 'failed' ? 'Dismiss' : 'Cancel schedule'}
          </button>
        </span>
      )}
      {problem && <span role="alert">{problem}</span>}
    </div>
  );
}
