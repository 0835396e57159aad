/**
 * "Schedule…" in the toolbar: a date and a time in the site's time zone (named on the form), checked here (a saved
 * draft, a real time, not passed) and by the studio again, sent as one UTC instant. Escape or Close returns the
 * focus to the button that opened it.
 */
import { useState, type FormEvent } from 'react';
import { ToolbarFormEnd, useToolbarForm } from './toolbar-form';
import { instantOf, wallTimeOf, zoneLabel, type WallTime } from '../shared/zoned-time';
import type { Scheduling } from './model/editor-backend';
import { isDirty, useEditor } from './model/editor-store';
import { refreshSchedules } from './model/schedules';
import styles from './schedule.module.css';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Why the wall time cannot be scheduled, or its instant. */
function checked(wall: WallTime, zone: string): number | string {
  if (isDirty(useEditor.getState())) return 'Save your edits first: a schedule publishes the saved draft.';
  if (!wall.date || !wall.time) return 'Write the date and the time.';
  const instant = instantOf(wall, zone);
  if (instant === undefined) return `${wall.time} does not exist on ${wall.date} in ${zone}: the clocks skip that hour. Choose another time.`;
  if (instant <= Date.now()) return 'That time has passed. Choose a time in the future.';
  return instant;
}

export function ScheduleForm({ file, zone, at, change, onClose }: { file: string; zone: string; at: string | undefined; change: NonNullable<Scheduling['change']>; onClose(message?: string): void }) {
  // A new schedule starts at 09:00 tomorrow in the site's zone; a change starts at its time.
  const [wall, setWall] = useState<WallTime>(() => (at ? wallTimeOf(Date.parse(at), zone) : { date: wallTimeOf(Date.now() + DAY_MS, zone).date, time: '09:00' }));
  const { first: dateInput, problem, setProblem, busy, send } = useToolbarForm<HTMLInputElement>(onClose);

  function submit(event: FormEvent) {
    event.preventDefault();
    const instant = checked(wall, zone);
    if (typeof instant === 'string') return setProblem(instant);
    void send(async () => {
      const message = await change.schedule(file, new Date(instant).toISOString());
      await refreshSchedules();
      return message;
    });
  }

  return (
    <form className={styles.form} noValidate aria-labelledby="schedule-title" onSubmit={submit}>
      <h2 id="schedule-title">{at ? 'Change the scheduled publish' : 'Publish this page later'}</h2>
      <p id="schedule-zone">In {zoneLabel(zone)}, the site&apos;s time zone. The saved draft is published as it is then, with any edits saved until that time.</p>
      <div className={styles.fields}>
        <label>
          Date
          <input ref={dateInput} type="date" required value={wall.date} aria-describedby="schedule-zone" onChange={(e) => setWall({ ...wall, date: e.target.value })} />
        </label>
        <label>
          Time
          <input type="time" required value={wall.time} aria-describedby="schedule-zone" onChange={(e) => setWall({ ...wall, time: e.target.value })} />
        </label>
      </div>
      <ToolbarFormEnd problem={problem} busy={busy} label={at ? 'Move the publish' : 'Schedule'} onClose={() => onClose()} />
    </form>
  );
}
