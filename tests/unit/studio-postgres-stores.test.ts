// @vitest-environment node
/**
 * The studio's two stores, files in DATA_DIR and PostgreSQL (a real, throw-away cluster), held to the same
 * behaviour by the same tests; then what only PostgreSQL has to show: an audit log that refuses to be altered,
 * and a schema that instances starting together create once.
 */
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import type { AuditEntry, StudioUser } from '../../server/studio/account-store.ts';
import type { Draft } from '../../server/studio/draft-store.ts';
import type { Review } from '../../server/studio/review-store.ts';
import { LATEST_STUDIO_SCHEMA_VERSION } from '../../server/studio/postgres-studio-schema.ts';
import { studioStorePlaces } from './fixtures/studio-store-places.ts';

const { database, place: placeOf, open } = studioStorePlaces();
const kinds = [
  { kind: 'files in DATA_DIR', place: () => placeOf() },
  { kind: 'PostgreSQL', place: async () => placeOf(await database()) },
];
const onPostgres = async (url: string) => open(await placeOf(url));

const user = (email: string, role: StudioUser['role'] = 'author'): StudioUser => ({ email, name: `Name of ${email}`, role, passwordHash: '$scrypt$x', epoch: 1, createdAt: '2026-11-27T09:00:00.000Z' });

describe.each(kinds)('$kind', ({ place }) => {
  it('keeps users by lower-case e-mail: found in any case, replaced whole, removed once', async () => {
    const { accounts } = open(await place());
    expect(await accounts.users()).toEqual([]);
    await accounts.saveUser(user('ana@example.com'));
    await accounts.saveUser(user('bo@example.com'));
    await accounts.saveUser({ ...user('ana@example.com', 'publisher'), epoch: 2, passwordHash: null });
    expect(await accounts.user('ANA@Example.COM ')).toEqual({ ...user('ana@example.com', 'publisher'), epoch: 2, passwordHash: null });
    expect((await accounts.users()).map((u) => `${u.email} ${u.role}`).sort()).toEqual(['ana@example.com publisher', 'bo@example.com author']);
    expect([await accounts.removeUser('Bo@example.com'), await accounts.removeUser('bo@example.com')]).toEqual([true, false]);
    expect(await accounts.user('bo@example.com')).toBeUndefined();
  });

  it('keeps sessions by the hash of their id, refreshed and removed', async () => {
    const { accounts } = open(await place());
    const session = { idHash: 'k3V9xYq', email: 'ana@example.com', epoch: 3, createdAt: Date.UTC(2026, 10, 27, 9), lastSeenAt: Date.UTC(2026, 10, 27, 9) };
    await accounts.saveSession(session);
    await accounts.saveSession({ ...session, lastSeenAt: session.lastSeenAt + 61_001 });
    expect(await accounts.session('k3V9xYq')).toEqual({ ...session, lastSeenAt: session.lastSeenAt + 61_001 });
    expect(await accounts.session('k3V9xYQ')).toBeUndefined();
    await accounts.removeSession('k3V9xYq');
    expect(await accounts.session('k3V9xYq')).toBeUndefined();
  });

  it('forgets the sessions that ended unsigned-out (idle or too old), and keeps the live ones', async () => {
    const { accounts } = open(await place());
    const at = Date.UTC(2026, 10, 27, 9);
    const session = (idHash: string, createdAt: number, lastSeenAt: number) => ({ idHash, email: 'ana@example.com', epoch: 1, createdAt, lastSeenAt });
    await accounts.saveSession(session('idle', at - 10_000, at - 9_000));
    await accounts.saveSession(session('old', at - 20_000, at - 1_000));
    await accounts.saveSession(session('live', at - 5_000, at - 1_000));
    await accounts.removeEndedSessions(at - 8_000, at - 15_000);
    expect([await accounts.session('idle'), await accounts.session('old'), (await accounts.session('live'))?.idHash]).toEqual([undefined, undefined, 'live']);
  });

  it("keeps one setup link's hash at a time, and forgets it", async () => {
    const { accounts } = open(await place());
    expect(await accounts.setupToken()).toBeUndefined();
    await accounts.saveSetupToken({ hash: 'first', expiresAt: Date.UTC(2026, 10, 28) });
    await accounts.saveSetupToken({ hash: 'second', expiresAt: Date.UTC(2026, 10, 29) });
    expect(await accounts.setupToken()).toEqual({ hash: 'second', expiresAt: Date.UTC(2026, 10, 29) });
    await accounts.saveSetupToken(undefined);
    expect(await accounts.setupToken()).toBeUndefined();
  });

  it('gives the audit log back in the order it was written, as it was written', async () => {
    const { accounts } = open(await place());
    const entries: AuditEntry[] = [
      { at: '2026-11-27T09:00:00.000Z', event: 'user-added', actor: null, address: 'command line', subject: 'ana@example.com', detail: 'role admin' },
      { at: '2026-11-27T09:00:00.000Z', event: 'sign-in', actor: 'ana@example.com', address: '203.0.113.9' },
      { at: '2026-11-27T08:59:59.999Z', event: 'sign-in-failed', actor: null, address: '::1', subject: '<img src=x onerror=alert(1)>' },
      { at: '2026-11-27T09:01:00.000Z', event: 'uploaded', actor: 'ana@example.com', address: '::1', subject: 'public/images/team-day.jpg' },
    ];
    for (const entry of entries) await accounts.appendAudit(entry);
    expect(await accounts.audit()).toEqual(entries);
  });

  it("sees another process's changes at once (the studio and the studio:user tool share the data)", async () => {
    const data = await place();
    const [studio, tool] = [open(data), open(data)];
    await tool.accounts.saveUser(user('ana@example.com', 'admin'));
    await tool.drafts.save({ file: 'pages.json', value: { routes: [] }, base: 'v1', savedBy: { email: 'ana@example.com', name: 'Ana' }, savedAt: '2026-11-27T09:00:00.000Z' });
    expect((await studio.accounts.user('ana@example.com'))?.role).toBe('admin');
    expect((await studio.drafts.list()).map((d) => d.file)).toEqual(['pages.json']);
  });

  it("keeps a draft per content file exactly as sent, the page's key order included", async () => {
    const { drafts } = open(await place());
    // Keys out of alphabetical and length order, and a duplicate-looking nesting: a jsonb column would reorder them.
    const value = { title: 'About', sections: [{ type: 'hero', props: { heading: 'We', eyebrow: 'Hi' } }], id: 'about', a: [[1, 'two'], null] };
    const draft: Draft = { file: 'pages/about.json', value, base: null, savedBy: { email: 'ana@example.com', name: 'Ana Lima' }, savedAt: '2026-11-27T09:00:00.123Z' };
    await drafts.save(draft);
    await drafts.save({ ...draft, file: 'pages/team.json', value: [{ z: 1, y: 2 }], base: 'abc123' });
    const kept = await drafts.get('pages/about.json');
    expect(kept).toEqual(draft);
    expect(JSON.stringify(kept?.value)).toBe(JSON.stringify(value));
    expect(JSON.stringify((await drafts.get('pages/team.json'))?.value)).toBe('[{"z":1,"y":2}]');
    expect((await drafts.list()).map((d) => d.file).sort()).toEqual(['pages/about.json', 'pages/team.json']);
    await drafts.remove('pages/about.json');
    await drafts.remove('pages/about.json');
    expect([await drafts.get('pages/about.json'), (await drafts.list()).length]).toEqual([undefined, 1]);
  });

  it('keeps one review per page through its states, replaced whole, removed once', async () => {
    const { reviews } = open(await place());
    const asked: Review = {
      file: 'pages/about.json',
      state: 'requested',
      author: { email: 'ana@example.com', name: 'Ana Lima' },
      requestedAt: '2026-11-27T09:00:00.000Z',
      note: 'New opening line',
      reviewer: null,
      comment: null,
      answeredAt: null,
    };
    await reviews.save(asked);
    await reviews.save({ ...asked, file: 'pages.json', note: null, requestedAt: '2026-11-27T10:00:00.000Z' });
    expect(await reviews.get('pages/about.json')).toEqual(asked);
    const sentBack: Review = { ...asked, state: 'sent-back', reviewer: { email: 'pat@example.com', name: 'Pat Okafor' }, comment: 'Name the three sectors.', answeredAt: '2026-11-27T09:30:00.000Z' };
    await reviews.save(sentBack);
    expect((await reviews.list()).map((r) => `${r.file} ${r.state}`)).toEqual(['pages/about.json sent-back', 'pages.json requested']);
    expect(await reviews.get('pages/about.json')).toEqual(sentBack);
    await reviews.remove('pages/about.json');
    await reviews.remove('pages/about.json');
    expect([await reviews.get('pages/about.json'), (await reviews.list()).length]).toEqual([undefined, 1]);
  });
});

describe('PostgreSQL only', () => {
  async function sql(url: string, text: string) {
    const client = new pg.Client(url);
    await client.connect();
    try {
      return await client.query(text);
    } finally {
      await client.end();
    }
  }

  it('refuses any change or removal of the audit log, by anyone, and keeps every entry', async () => {
    const url = await database();
    const { accounts } = await onPostgres(url);
    await accounts.appendAudit({ at: '2026-11-27T09:00:00.000Z', event: 'published', actor: 'ana@example.com', address: '::1', subject: 'pages/about.json' });
    for (const tamper of ["UPDATE studio.audit SET actor = 'eve@example.com'", 'DELETE FROM studio.audit', 'TRUNCATE studio.audit']) {
      await expect(sql(url, tamper), tamper).rejects.toThrow(/audit log is append-only/);
    }
    expect((await accounts.audit()).map((e) => e.actor)).toEqual(['ana@example.com']);
    await accounts.appendAudit({ at: '2026-11-27T09:01:00.000Z', event: 'sign-out', actor: 'ana@example.com', address: '::1' });
    expect((await accounts.audit()).length).toBe(2);
  });

  it('keeps e-mails lower-case in the table itself', async () => {
    const url = await database();
    await (await onPostgres(url)).ready();
    await expect(sql(url, "INSERT INTO studio.users VALUES ('Ana@example.com', 'Ana', 'admin', NULL, 1, now())")).rejects.toThrow(/users_email_check/);
  });

  it('is created on first use; stores starting together apply each migration once', async () => {
    const url = await database();
    const stores = await Promise.all(Array.from({ length: 4 }, () => onPostgres(url)));
    await Promise.all(stores.map((s) => s.accounts.users()));
    const { rows } = await sql(url, 'SELECT version FROM studio.migration ORDER BY version');
    expect(rows.map((r: { version: number }) => r.version)).toEqual(Array.from({ length: LATEST_STUDIO_SCHEMA_VERSION }, (_, i) => i + 1));
  });
});
