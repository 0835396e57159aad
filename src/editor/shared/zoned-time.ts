/**
 * Wall-clock times in a named time zone, with Intl only: a date and time a publisher types in the site's zone
 * becomes one UTC instant, and an instant is shown back in that zone. A time the clocks skip (spring forward) has
 * no instant; a time they pass twice (fall back) is taken at its first occurrence.
 */
export interface WallTime {
  /** "2026-11-30", as a date input gives it. */
  date: string;
  /** "09:00", as a time input gives it. */
  time: string;
}

const HOUR_MS = 3_600_000;

function partsIn(zone: string, instant: number): Record<string, number> {
  const format = new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
  return Object.fromEntries(format.formatToParts(new Date(instant)).flatMap((p) => (p.type === 'literal' ? [] : [[p.type, Number(p.value)]])));
}

/** The wall clock of `zone` at `instant`, read as if it were UTC, minus the instant: the zone's offset then. */
function offsetAt(zone: string, instant: number): number {
  const p = partsIn(zone, instant);
  return Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!) - Math.floor(instant / 1000) * 1000;
}

/** The UTC instant (ms) of a wall time in `zone`, or undefined when the input is no time or the clocks skip it. */
export function instantOf(wall: WallTime, zone: string): number | undefined {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(wall.date);
  const t = /^(\d{2}):(\d{2})$/.exec(wall.time);
  if (!d || !t) return undefined;
  const asUtc = Date.UTC(Number(d[1]), Number(d[2]) - 1, Number(d[3]), Number(t[1]), Number(t[2]));
  if (Number.isNaN(asUtc) || new Date(asUtc).getUTCDate() !== Number(d[3]) || Number(t[1]) > 23 || Number(t[2]) > 59) return undefined;
  // The offsets a day either side cover any one change of the clocks; each is tried, the earliest that fits wins.
  const offsets = new Set([offsetAt(zone, asUtc - 24 * HOUR_MS), offsetAt(zone, asUtc), offsetAt(zone, asUtc + 24 * HOUR_MS)]);
  const fitting = [...offsets].map((o) => asUtc - o).filter((instant) => offsetAt(zone, instant) === asUtc - instant);
  return fitting.length === 0 ? undefined : Math.min(...fitting);
}

/** The wall time of an instant in `zone`, as date and time inputs take it. */
export function wallTimeOf(instant: number, zone: string): WallTime {
  const p = partsIn(zone, instant);
  const two = (n: number | undefined) => String(n).padStart(2, '0');
  return { date: `${p.year}-${two(p.month)}-${two(p.day)}`, time: `${two(p.hour)}:${two(p.minute)}` };
}

/** The zone's short name ("IST", "CET"): the first English locale that has a name for it, else its "GMT+5:30". */
function shortName(zone: string, instant: number): string {
  const names = ['en-GB', 'en-US', 'en-IN', 'en-AU'].map((locale) => new Intl.DateTimeFormat(locale, { timeZone: zone, timeZoneName: 'short' }).formatToParts(new Date(instant)).find((p) => p.type === 'timeZoneName')?.value ?? '');
  return names.find((n) => /^[A-Z]{2,5}$/.test(n)) ?? names[0]!;
}

/** "Mon 30 Nov, 09:00 IST". */
export function shownTime(instant: number, zone: string): string {
  const when = new Intl.DateTimeFormat('en-GB', { timeZone: zone, weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(instant));
  return `${when} ${shortName(zone, instant)}`;
}

/** "India Standard Time (Asia/Kolkata)": the zone as the schedule form names it. */
export function zoneLabel(zone: string, instant: number = Date.now()): string {
  const long = new Intl.DateTimeFormat('en-GB', { timeZone: zone, timeZoneName: 'long' }).formatToParts(new Date(instant)).find((p) => p.type === 'timeZoneName')?.value;
  return long && long !== zone ? `${long} (${zone})` : zone;
}
