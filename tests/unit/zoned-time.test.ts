// @vitest-environment node
/**
 * The site's time zone: scheduled times typed in it become the right UTC instant (Intl only), around the
 * clocks' changes in a zone that has them; and a zone the runtime does not know is a content error at its line.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateContent } from '../../scripts/content-check/validate-content.ts';
import { instantOf, shownTime, wallTimeOf, zoneLabel } from '../../src/editor/shared/zoned-time.ts';
import { isTimeZone, siteTimeZone } from '../../src/model/time-zone.ts';

const root = path.resolve(import.meta.dirname, '../..');
const utc = (date: string, time: string, zone: string) => {
  const instant = instantOf({ date, time }, zone);
  return instant === undefined ? undefined : new Date(instant).toISOString();
};

describe('a wall time in a named zone', () => {
  it('is UTC+5:30 all year in Asia/Kolkata, and shown back as it was typed', () => {
    expect(utc('2026-11-30', '09:00', 'Asia/Kolkata')).toBe('2026-11-30T03:30:00.000Z');
    expect(utc('2026-06-01', '00:15', 'Asia/Kolkata')).toBe('2026-05-31T18:45:00.000Z');
    const instant = Date.parse('2026-11-30T03:30:00.000Z');
    expect(wallTimeOf(instant, 'Asia/Kolkata')).toEqual({ date: '2026-11-30', time: '09:00' });
    expect(shownTime(instant, 'Asia/Kolkata')).toBe('Mon 30 Nov, 09:00 IST');
    expect(zoneLabel('Asia/Kolkata')).toBe('India Standard Time (Asia/Kolkata)');
  });

  it('follows Europe/Berlin across spring forward: the skipped hour has no instant', () => {
    expect(utc('2026-03-29', '01:59', 'Europe/Berlin')).toBe('2026-03-29T00:59:00.000Z');
    expect(utc('2026-03-29', '02:30', 'Europe/Berlin')).toBeUndefined();
    expect(utc('2026-03-29', '03:00', 'Europe/Berlin')).toBe('2026-03-29T01:00:00.000Z');
    expect(shownTime(Date.parse('2026-03-29T01:00:00.000Z'), 'Europe/Berlin')).toBe('Sun 29 Mar, 03:00 CEST');
  });

  it('follows Europe/Berlin across fall back: the hour passed twice is its first occurrence', () => {
    expect(utc('2026-10-25', '01:30', 'Europe/Berlin')).toBe('2026-10-24T23:30:00.000Z');
    expect(utc('2026-10-25', '02:30', 'Europe/Berlin')).toBe('2026-10-25T00:30:00.000Z');
    expect(utc('2026-10-25', '03:00', 'Europe/Berlin')).toBe('2026-10-25T02:00:00.000Z');
    expect(wallTimeOf(Date.parse('2026-10-25T01:30:00.000Z'), 'Europe/Berlin')).toEqual({ date: '2026-10-25', time: '02:30' });
  });

  it('takes no impossible date or time', () => {
    for (const [date, time] of [
      ['2026-02-30', '09:00'],
      ['2026-11-30', '24:00'],
      ['2026-11-30', '9:00'],
      ['', '09:00'],
    ] as const)
      expect(utc(date, time, 'UTC')).toBeUndefined();
  });
});

describe("the site's time zone setting", () => {
  it('knows IANA names, and falls back to UTC when absent or unknown', () => {
    expect(isTimeZone('Asia/Kolkata')).toBe(true);
    expect(isTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(siteTimeZone({ timeZone: 'Europe/Berlin' })).toBe('Europe/Berlin');
    expect(siteTimeZone({})).toBe('UTC');
    expect(siteTimeZone({ timeZone: 'Mars/Olympus_Mons' })).toBe('UTC');
  });

  it('is a content error at its line and column when the zone is unknown', async () => {
    const text = (await readFile(path.join(root, 'pages.json'), 'utf8')).replace('"timeZone": "Asia/Kolkata"', '"timeZone": "Asia/Pune"');
    expect(text).toContain('Asia/Pune');
    const { issues } = await validateContent({ root, overrides: new Map([['pages.json', text]]) });
    const line = text.split('\n').findIndex((l) => l.includes('Asia/Pune')) + 1;
    expect(issues.filter((i) => i.severity === 'error')).toEqual([
      expect.objectContaining({ rule: 'schema', file: 'pages.json', line, message: expect.stringMatching(/^"Asia\/Pune" is not a valid time zone: write an IANA name such as "Asia\/Kolkata"/) }),
    ]);
  });
});
