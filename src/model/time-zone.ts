/**
 * The site's time zone (pages.json settings.timeZone, an IANA name): scheduled publishing is shown and entered in
 * it. Whether a name is a zone is asked of the runtime's own Intl data, so the check and the conversions agree.
 */
export const DEFAULT_TIME_ZONE = 'UTC';

export function isTimeZone(name: string): boolean {
  if (!/^[A-Za-z][\w+-]*(\/[\w+-]+)*$/.test(name)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** settings.timeZone when it is a zone, else UTC (a wrong name is the content check's error, not a crash here). */
export function siteTimeZone(settings: unknown): string {
  const zone = (settings as { timeZone?: unknown } | undefined)?.timeZone;
  return typeof zone === 'string' && isTimeZone(zone) ? zone : DEFAULT_TIME_ZONE;
}
