// @vitest-environment node
/**
 * The studio's scheduled publishes in both stores, files in DATA_DIR and PostgreSQL (a real, throw-away cluster),
 * held to the same behaviour: kept per page, claimed once when due, taken again when a claim went stale, and
 * settled only by the claim that took it. Then PostgreSQL's own promise: studios sharing it never claim one twice.
 */
import { describe, expect, it } from 'vitest';
import type { Schedule } from '../../server/studio/schedule-store.ts';
import { studioStorePlaces } from './fixtures/studio-store-places.ts';

const { database, place, open } = studioStorePlaces();

const NINE = Date.UTC(2026, 10, 30, 3, 30);
const MINUTE = 60_000;
const schedule = (file: string, at: number): Schedule => ({
  file,
  files: [file, 'pages.json'],
  at: new Date(at).toISOString(),
  by: { email: 'pat@example.com', name: 'Pat Okafor' },
  madeAt: '2026-11-27T09:00:00.000Z',
  draftSavedAt: '2026-11-27T08:59:00.123Z',
  state: 'waiting',
  claimedAt: null,
  outcome: null,
});

const kinds = [
  { kind: 'files in DATA_DIR', at: () => place() },
  { kind: 'PostgreSQL', at: async () => place(await database()) },
];

describe.each(kinds)('$kind', ({ at }) => {
  it('keeps one schedule per page, replaced when changed and removed when cancelled', async () => {
    const { schedules } = open(await at());
    expect(await schedules.list()).toEqual([]);
    await schedules.save(schedule('pages/about.json', NINE));
    await schedules.save(schedule('pages/team.json', NINE - MINUTE));
    await schedules.save({ ...schedule('pages/about.json', NINE + MINUTE), files: ['pages/about.json'] });
    expect(await schedules.get('pages/about.json')).toEqual({ ...schedule('pages/about.json', NINE + MINUTE), files: ['pages/about.json'] });
    expect((await schedules.list()).map((s) => s.file).sort()).toEqual(['pages/about.json', 'pages/team.json']);
    await schedules.remove('pages/team.json');
    await schedules.remove('pages/team.json');
    expect((await schedules.list()).map((s) => s.file)).toEqual(['pages/about.json']);
  });

  it('gives a due schedule to one claim, again only when that claim went stale, and settles it only for that claim', async () => {
    const { schedules } = open(await at());
    await schedules.save(schedule('pages/about.json', NINE));
    expect(await schedules.claimDue(NINE - 1, 10 * MINUTE)).toBeUndefined();
    const claimed = await schedules.claimDue(NINE + 1000, 10 * MINUTE);
    expect(claimed).toMatchObject({ file: 'pages/about.json', state: 'publishing', claimedAt: new Date(NINE + 1000).toISOString() });
    expect(await schedules.claimDue(NINE + 2000, 10 * MINUTE)).toBeUndefined();
    // The studio stopped mid-publish: ten minutes on, another claim takes it, and the old claim settles nothing.
    const again = await schedules.claimDue(NINE + 1000 + 10 * MINUTE + 1, 10 * MINUTE);
    expect(again?.claimedAt).toBe(new Date(NINE + 1000 + 10 * MINUTE + 1).toISOString());
    await schedules.settle(claimed!, null);
    expect((await schedules.get('pages/about.json'))?.state).toBe('publishing');
    await schedules.settle(again!, 'Not published: 1 error to fix first.');
    expect(await schedules.get('pages/about.json')).toMatchObject({ state: 'failed', claimedAt: null, outcome: 'Not published: 1 error to fix first.' });
    // A failure waits to be dismissed; it is never claimed again.
    expect(await schedules.claimDue(NINE + 60 * MINUTE, 10 * MINUTE)).toBeUndefined();

    await schedules.save(schedule('pages/team.json', NINE));
    const team = await schedules.claimDue(NINE, 10 * MINUTE);
    await schedules.settle(team!, null);
    expect(await schedules.get('pages/team.json')).toBeUndefined();
  });

  it('claims the earliest due schedule first', async () => {
    const { schedules } = open(await at());
    await schedules.save(schedule('pages/about.json', NINE));
    await schedules.save(schedule('pages/team.json', NINE - MINUTE));
    expect((await schedules.claimDue(NINE, MINUTE))?.file).toBe('pages/team.json');
    expect((await schedules.claimDue(NINE, MINUTE))?.file).toBe('pages/about.json');
  });
});

describe('PostgreSQL only', () => {
  it('gives each due schedule to exactly one of several studios claiming at once', async () => {
    const shared = await place(await database());
    const studios = Array.from({ length: 4 }, () => open(shared));
    for (const page of ['about', 'team', 'careers']) await studios[0]!.schedules.save(schedule(`pages/${page}.json`, NINE));
    const claims = await Promise.all(studios.flatMap((s) => [s.schedules.claimDue(NINE, MINUTE), s.schedules.claimDue(NINE, MINUTE)]));
    const files = claims.flatMap((c) => (c ? [c.file] : []));
    expect(files.sort()).toEqual(['pages/about.json', 'pages/careers.json', 'pages/team.json']);
  });
});
