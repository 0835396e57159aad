/**
 * The studio's timed publishes as the editor knows them (editor-backend.ts `scheduling`): read once the page or the
 * list opens and again after each change, shared by the toolbar and the page list, and said in words in the
 * site's time zone ("Publishes Mon 30 Nov, 09:00 IST, by Pat Okafor").
 */
import { create } from 'zustand';
import { shownTime } from '../../shared/zoned-time';
import { backend, type ScheduledPublish } from './editor-backend';

interface SchedulesState {
  /** Page document → its schedule; undefined until read (or where the server has none). */
  byFile: Record<string, ScheduledPublish> | undefined;
}

export const useSchedules = create<SchedulesState>()(() => ({ byFile: undefined }));

/** Reads the schedules again; a failed read leaves what was shown (the next change or reload tries again). */
export async function refreshSchedules(): Promise<void> {
  const scheduling = backend().scheduling;
  if (!scheduling) return;
  const list = await scheduling.list().catch(() => undefined);
  if (list) useSchedules.setState({ byFile: Object.fromEntries(list.map((s) => [s.file, s])) });
}

export function scheduleWords(schedule: ScheduledPublish, zone: string): string {
  const when = shownTime(Date.parse(schedule.at), zone);
  if (schedule.state === 'failed') return `Scheduled for ${when} by ${schedule.by}, and not published. ${schedule.outcome ?? ''}`.trim();
  if (schedule.state === 'publishing') return `Publishing now, as ${schedule.by} scheduled for ${when}.`;
  return `Publishes ${when}, by ${schedule.by}`;
}
