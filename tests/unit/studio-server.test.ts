/**
 * The studio's sign-in, sessions and refusals over real HTTP, on the file store in a temporary DATA_DIR: each
 * refusal is checked by its answer and by what was (not) written.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import type http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../../server/logger.ts';
import { createAccounts } from '../../server/studio/accounts.ts';
import { createFileAccountStore } from '../../server/studio/file-account-store.ts';
import { IDLE_MS } from '../../server/studio/sessions.ts';
import { createStudioServer } from '../../server/studio/studio-server.ts';
import { close, listen } from './fixtures/listen.ts';

const PASSWORD = 'a long enough passphrase';
const CLI = { email: null, address: 'command line' };
let dataDir: string;
let server: http.Server | undefined;
let clock: number;

async function start(origin?: string) {
  const store = createFileAccountStore(dataDir);
  server = createStudioServer({ store, origin, trustProxy: { kind: 'none' }, logger: silentLogger, now: () => clock });
  const base = await listen(server);
  return { base, store, accounts: createAccounts(store, () => clock) };
}

type Post = { origin?: string | null; cookie?: string; type?: string; body?: string };
function post(base: string, route: string, value: unknown, { origin = base, cookie, type = 'application/json', body }: Post = {}) {
  const headers: Record<string, string> = { 'Content-Type': type };
  if (origin !== null) headers.Origin = origin;
  if (cookie) headers.Cookie = cookie;
  return fetch(`${base}${route}`, { method: 'POST', headers, body: body ?? JSON.stringify(value) });
}

const cookieOf = (res: Response) => res.headers.get('set-cookie')!.split(';')[0]!;
const me = async (base: string, cookie: string) => (await fetch(`${base}/studio/api/me`, { headers: { Cookie: cookie } })).status;
const auditEvents = async () =>
  (await readFile(path.join(dataDir, 'studio', 'audit.jsonl'), 'utf8').catch(() => ''))
    .split('\n')
    .filter(Boolean)
    .map((line) => (JSON.parse(line) as { event: string }).event);

async function signIn(base: string, email: string, password = PASSWORD) {
  const res = await post(base, '/studio/api/sign-in', { email, password });
  expect(res.status).toBe(200);
  return cookieOf(res);
}

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'studio-'));
  clock = Date.UTC(2026, 10, 27, 9);
});

afterEach(async () => {
  if (server) await close(server);
  server = undefined;
  await rm(dataDir, { recursive: true, force: true });
});

describe('the first admin', () => {
  it('is set up once, with the printed secret only, and is then signed in', async () => {
    const { base, accounts } = await start();
    const token = await accounts.issueSetupToken();
    const admin = { email: 'Ana@Example.com', name: 'Ana Lima', password: PASSWORD };
    const wrong = await post(base, '/studio/api/setup', { ...admin, token: `${token}x` });
    expect([wrong.status, ((await wrong.json()) as { message: string }).message]).toEqual([400, expect.stringContaining('setup link is used, expired or wrong')]);
    expect(await accounts.needsFirstAdmin()).toBe(true);

    const ok = await post(base, '/studio/api/setup', { ...admin, token });
    expect(ok.status).toBe(200);
    expect(await me(base, cookieOf(ok))).toBe(200);
    const again = await post(base, '/studio/api/setup', { ...admin, email: 'eve@example.com', token });
    expect(again.status).toBe(400);
    expect((await accounts.needsFirstAdmin()) === false && (await createFileAccountStore(dataDir).users()).map((u) => `${u.email} ${u.role}`)).toEqual(['ana@example.com admin']);
  });

  it('expires after a day', async () => {
    const { base, accounts } = await start();
    const token = await accounts.issueSetupToken();
    clock += 24 * 60 * 60 * 1000 + 1;
    expect((await post(base, '/studio/api/setup', { email: 'ana@example.com', name: 'Ana', password: PASSWORD, token })).status).toBe(400);
  });
});

describe('signing in', () => {
  it('answers an unknown e-mail exactly as a wrong password, and logs both as failures', async () => {
    const { base, accounts } = await start();
    await accounts.add({ email: 'ana@example.com', name: 'Ana Lima', role: 'author', password: PASSWORD }, CLI);
    const unknown = await post(base, '/studio/api/sign-in', { email: 'nobody@example.com', password: PASSWORD });
    const wrong = await post(base, '/studio/api/sign-in', { email: 'ana@example.com', password: 'not the password at all' });
    expect([unknown.status, await unknown.text()]).toEqual([wrong.status, await wrong.text()]);
    expect(unknown.status).toBe(401);
    expect(unknown.headers.get('set-cookie')).toBeNull();
    expect(await auditEvents()).toEqual(['user-added', 'sign-in-failed', 'sign-in-failed']);
  });

  it('throttles the sixth wrong password in a row, the right one included, and lets it in again after the wait', async () => {
    const { base, accounts } = await start();
    await accounts.add({ email: 'ana@example.com', name: 'Ana Lima', role: 'author', password: PASSWORD }, CLI);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await post(base, '/studio/api/sign-in', { email: 'ana@example.com', password: `wrong guess number ${i}` })).status);
    const throttled = await post(base, '/studio/api/sign-in', { email: 'ANA@example.com', password: PASSWORD });
    expect([...statuses, throttled.status]).toEqual([401, 401, 401, 401, 401, 429]);
    expect(throttled.headers.get('retry-after')).toBe('30');
    expect(((await throttled.json()) as { message: string }).message).toMatch(/Too many failed sign-ins. Wait a minute/);
    clock += 30_000;
    expect((await post(base, '/studio/api/sign-in', { email: 'ana@example.com', password: PASSWORD })).status).toBe(200);
  });

  it('sets a session cookie that scripts cannot read and other sites cannot send; __Host- and Secure over HTTPS', async () => {
    const plain = await start();
    await plain.accounts.add({ email: 'ana@example.com', name: 'Ana Lima', role: 'author', password: PASSWORD }, CLI);
    const res = await post(plain.base, '/studio/api/sign-in', { email: 'ana@example.com', password: PASSWORD });
    expect(res.headers.get('set-cookie')).toMatch(/^studio-session=[\w-]{43}; Path=\/; HttpOnly; SameSite=Strict; Max-Age=604800$/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    await close(server!);

    const secure = await start('https://studio.example.com');
    const overHttps = await post(secure.base, '/studio/api/sign-in', { email: 'ana@example.com', password: PASSWORD }, { origin: 'https://studio.example.com' });
    expect(overHttps.headers.get('set-cookie')).toMatch(/^__Host-studio-session=[\w-]{43}; Path=\/; HttpOnly; SameSite=Strict; Secure; Max-Age=604800$/);
  });
});

describe('sessions', () => {
  it('end on sign-out: the old cookie is useless afterwards', async () => {
    const { base, accounts } = await start();
    await accounts.add({ email: 'ana@example.com', name: 'Ana Lima', role: 'author', password: PASSWORD }, CLI);
    const cookie = await signIn(base, 'ana@example.com');
    const out = await post(base, '/studio/api/sign-out', {}, { cookie });
    expect(out.headers.get('set-cookie')).toMatch(/^studio-session=; .*Max-Age=0$/);
    expect(await me(base, cookie)).toBe(401);
    expect(await auditEvents()).toEqual(['user-added', 'sign-in', 'sign-out']);
  });

  it('end after 8 hours idle, and 7 days after sign-in however busy', async () => {
    const { base, accounts } = await start();
    await accounts.add({ email: 'ana@example.com', name: 'Ana Lima', role: 'author', password: PASSWORD }, CLI);
    const idle = await signIn(base, 'ana@example.com');
    clock += IDLE_MS - 60_000;
    expect(await me(base, idle)).toBe(200);
    clock += IDLE_MS;
    expect(await me(base, idle)).toBe(401);

    // A session that idled out without being used again is forgotten at the next sign-in, not kept forever.
    const forgotten = await signIn(base, 'ana@example.com');
    clock += IDLE_MS + 1000;
    const busy = await signIn(base, 'ana@example.com');
    const kept = JSON.parse(await readFile(path.join(dataDir, 'studio', 'sessions.json'), 'utf8')) as unknown[];
    expect(kept).toHaveLength(1);
    expect(await me(base, forgotten)).toBe(401);
    for (let hour = 0; hour < 7 * 24; hour += 6) {
      clock += 6 * 60 * 60 * 1000;
      expect(await me(base, busy), `after ${hour + 6} hours`).toBe(hour + 6 < 7 * 24 ? 200 : 401);
    }
  });

  it('all end when the password or the role changes, or the user is removed (from the command line)', async () => {
    const { base, accounts } = await start();
    await accounts.add({ email: 'ana@example.com', name: 'Ana Lima', role: 'author', password: PASSWORD }, CLI);
    const changed = `${PASSWORD}, changed`;
    const changes: Array<[string, () => Promise<void>, string]> = [
      ['role', () => accounts.changeRole('ana@example.com', 'publisher', CLI), PASSWORD],
      ['password', () => accounts.resetPassword('ana@example.com', changed, CLI), PASSWORD],
      ['removal', () => accounts.remove('ana@example.com', CLI), changed],
    ];
    for (const [what, change, password] of changes) {
      const [first, second] = [await signIn(base, 'ana@example.com', password), await signIn(base, 'ana@example.com', password)];
      await change();
      expect([what, await me(base, first), await me(base, second)]).toEqual([what, 401, 401]);
    }
  });
});

describe('refusals, before anything is done', () => {
  it('refuses a change from another Origin, without one, not as JSON, too large or not an object: no session is made', async () => {
    const { base, accounts } = await start();
    await accounts.add({ email: 'ana@example.com', name: 'Ana Lima', role: 'admin', password: PASSWORD }, CLI);
    const credentials = { email: 'ana@example.com', password: PASSWORD };
    const cases: Array<[string, Post, number]> = [
      ['another site', { origin: 'https://evil.example' }, 403],
      ['no Origin', { origin: null }, 403],
      ['a form post', { type: 'application/x-www-form-urlencoded', body: 'email=ana%40example.com' }, 415],
      ['too large', { body: JSON.stringify({ ...credentials, padding: 'x'.repeat(70_000) }) }, 413],
      ['an array', { body: '[]' }, 400],
      ['not JSON', { body: '{"email":' }, 400],
    ];
    for (const [what, options, status] of cases) {
      const res = await post(base, '/studio/api/sign-in', credentials, options);
      expect([what, res.status, res.headers.get('set-cookie')]).toEqual([what, status, null]);
      expect(((await res.json()) as { message: string }).message, what).toMatch(/^Refused: /);
    }
    expect(await auditEvents()).toEqual(['user-added']);
  });

  it('refuses an unknown action without a session, and a GET of a page that is not there, in words', async () => {
    const { base } = await start();
    expect((await post(base, '/studio/api/publish', { page: '../../etc/passwd' })).status).toBe(401);
    const missing = await fetch(`${base}/studio/../pages/about.json`);
    expect(missing.status).toBe(404);
    expect((await fetch(`${base}/studio/assets/..%2Fstudio-server.ts`)).status).toBe(404);
    expect((await fetch(`${base}/studio`, { method: 'DELETE' })).status).toBe(405);
  });
});

describe('the audit log', () => {
  it('is for admins only, and shows a hostile name as text', async () => {
    const { base, accounts } = await start();
    await accounts.add({ email: 'ana@example.com', name: 'Ana Lima', role: 'admin', password: PASSWORD }, CLI);
    await accounts.add({ email: 'eve@example.com', name: '<img src=x onerror=alert(1)>', role: 'author', password: PASSWORD }, CLI);
    await post(base, '/studio/api/sign-in', { email: '<script>alert(1)</script>@example.com', password: PASSWORD });
    const author = await signIn(base, 'eve@example.com');
    expect((await fetch(`${base}/studio/audit`, { headers: { Cookie: author } })).status).toBe(403);
    const home = await (await fetch(`${base}/studio`, { headers: { Cookie: author } })).text();
    expect(home).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(home).not.toContain('<img');

    const log = await fetch(`${base}/studio/audit`, { headers: { Cookie: await signIn(base, 'ana@example.com') } });
    const html = await log.text();
    expect(log.status).toBe(200);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;@example.com');
    expect(html).not.toContain('<script>alert');
    expect(log.headers.get('content-security-policy')).toContain("script-src 'self';");
  });
});
