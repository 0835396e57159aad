// @vitest-environment node
/**
 * The editor's write endpoint is an attack surface (any page open in the browser can post to localhost): it
 * must refuse other origins, other hosts (DNS rebinding), non-JSON bodies and every file outside pages/ and
 * pages.json, and it must write only valid documents, only over the version the editor read, atomically,
 * changing only the edited lines. Driven over real HTTP against a copy of the content.
 */
import { existsSync } from 'node:fs';
import { cp, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSchemaValidator } from '../../scripts/content-check/schema-validator';
import { createEditorApi } from '../../scripts/editor/editor-api';
import { versionOf } from '../../scripts/editor/content-files';
import { editedText } from '../../scripts/editor/edited-text';

const root = path.resolve(import.meta.dirname, '../..');
let dir: string;
let server: Server;
let port: number;
let about: string;
const logged: string[] = [];

interface Answer {
  status: number;
  body: { message?: string; text?: string; version?: string; issues?: Array<{ path: unknown[]; message: string; file: string }>; saved?: Array<{ version: string }>; conflicts?: unknown[] };
}

function call(method: string, url: string, options: { body?: unknown; headers?: Record<string, string> } = {}): Promise<Answer> {
  const headers: Record<string, string> = { host: `localhost:${port}`, ...(method !== 'GET' ? { origin: `http://localhost:${port}`, 'content-type': 'application/json' } : {}), ...options.headers };
  for (const [k, v] of Object.entries(headers)) if (v === '') delete headers[k];
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method, path: url, headers }, (res) => {
      let text = '';
      res.on('data', (c: Buffer) => (text += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(text) as Answer['body'] }));
    });
    req.on('error', reject);
    req.end(options.body === undefined ? undefined : JSON.stringify(options.body));
  });
}

const aboutValue = () => JSON.parse(about) as { title: string; blocks: Array<{ props: Record<string, unknown> }> };
const save = (value: unknown, base: string | null = versionOf(about), file = 'pages/about.json', headers?: Record<string, string>) => call('POST', '/save', { body: { changes: [{ file, value, base }] }, ...(headers ? { headers } : {}) });

describe('the editor API', () => {
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'editor-api-'));
    for (const entry of ['pages', 'pages.json', 'schemas', 'public', 'content-versions.json']) {
      if (existsSync(path.join(root, entry))) await cp(path.join(root, entry), path.join(dir, entry), { recursive: true });
    }
    about = await readFile(path.join(dir, 'pages/about.json'), 'utf8');
    const validator = createSchemaValidator(path.join(dir, 'schemas'));
    const api = createEditorApi({ root: dir, validator: () => validator, logError: (m) => logged.push(m) });
    server = createServer((req, res) => void api(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });

  beforeEach(async () => {
    await writeFile(path.join(dir, 'pages/about.json'), about);
  });

  afterAll(async () => {
    server?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
    expect(logged).toEqual([]);
  });

  it('reads a page document with its version', async () => {
    const answer = await call('GET', '/file?file=pages/about.json');
    expect(answer).toEqual({ status: 200, body: { file: 'pages/about.json', text: about, version: versionOf(about) } });
  });

  it.each([
    ['another host name (DNS rebinding)', (): Record<string, string> => ({ host: `attacker.example:${port}`, origin: `http://attacker.example:${port}` }), /addressed to this dev server/],
    ['another port', () => ({ host: 'localhost:1' }), /addressed to this dev server/],
    ['another origin', () => ({ origin: 'http://attacker.example' }), /requests from http:\/\/attacker.example may not use the editor/],
    ['a cross-site fetch', () => ({ 'sec-fetch-site': 'cross-site' }), /a cross-site request may not use the editor/],
    ['no Origin on a write', () => ({ origin: '' }), /has no Origin header/],
    ['a form post (not JSON)', () => ({ 'content-type': 'text/plain' }), /must be sent as application\/json/],
  ])('refuses %s, and writes nothing', async (_what, headers, message) => {
    const value = { ...aboutValue(), title: 'Written by someone else entirely' };
    const answer = await save(value, versionOf(about), 'pages/about.json', headers());
    expect(answer.status).toBe(403);
    expect(answer.body.message).toMatch(message);
    expect(await readFile(path.join(dir, 'pages/about.json'), 'utf8')).toBe(about);
  });

  it.each(['pages/../package.json', '/etc/passwd', 'pages/sub/page.json', 'package.json', 'pages/About.json', 'pages/about.json.bak', 'pages/.hidden.json', 'pages%2F..%2Fpages.json'])('refuses the file "%s"', async (file) => {
    const read = await call('GET', `/file?file=${encodeURIComponent(file)}`);
    expect(read.status).toBe(400);
    expect(read.body.message).toMatch(/is not a content file/);
    const written = await save({ title: 'x' }, null, file);
    expect(written.status).toBe(400);
  });

  it('refuses a page document that is a symbolic link out of pages/', async () => {
    await symlink(path.join(dir, 'pages.json'), path.join(dir, 'pages/linked.json'));
    try {
      expect((await call('GET', '/file?file=pages/linked.json')).body.message).toMatch(/is a symbolic link/);
      const answer = await save({ title: 'x' }, versionOf(await readFile(path.join(dir, 'pages.json'), 'utf8')), 'pages/linked.json');
      expect(answer.status).toBe(403);
    } finally {
      await rm(path.join(dir, 'pages/linked.json'));
    }
  });

  it('saves a changed heading as a one-line change, atomically, and answers the new version', async () => {
    const value = aboutValue();
    value.blocks[0]!.props.heading = 'About our company';
    const answer = await save(value);
    expect(answer.status).toBe(200);
    const text = await readFile(path.join(dir, 'pages/about.json'), 'utf8');
    expect(answer.body.saved![0]!.version).toBe(versionOf(text));
    const before = about.split('\n');
    const after = text.split('\n');
    expect(after.length).toBe(before.length);
    expect(after.filter((line, i) => line !== before[i])).toEqual([expect.stringMatching(/^\s+"heading": "About our company",$/)]);
    expect((await readdir(path.join(dir, 'pages'))).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('refuses a document with errors, naming them, and leaves the file as it was', async () => {
    const answer = await save({ ...aboutValue(), title: 'Too short' });
    expect(answer.status).toBe(422);
    expect(answer.body.message).toBe('Not saved: 1 error to fix first.');
    expect(answer.body.issues!.map((i) => [i.path, i.message])).toEqual([[['title'], expect.stringMatching(/at least 10 characters/)]]);
    expect(await readFile(path.join(dir, 'pages/about.json'), 'utf8')).toBe(about);
  });

  it('refuses to overwrite a file changed on disk since the editor read it, and sends the disk version', async () => {
    const theirs = about.replace('"About Us"', '"About Us (theirs)"');
    await writeFile(path.join(dir, 'pages/about.json'), theirs);
    const answer = await save({ ...aboutValue(), title: 'About Us: what we do and for whom | Example' });
    expect(answer.status).toBe(409);
    expect(answer.body.conflicts).toEqual([{ file: 'pages/about.json', text: theirs, version: versionOf(theirs) }]);
    expect(await readFile(path.join(dir, 'pages/about.json'), 'utf8')).toBe(theirs);
  });

  it('checks a document in memory: a duplicate title is told on the page being edited', async () => {
    const home = JSON.parse(await readFile(path.join(dir, 'pages/home.json'), 'utf8')) as { title: string };
    const answer = await call('POST', '/check', { body: { changes: [{ file: 'pages/about.json', value: { ...aboutValue(), title: home.title }, base: versionOf(about) }] } });
    expect(answer.status).toBe(200);
    expect(answer.body.issues!.map((i) => [i.file, i.path, i.message])).toEqual([['pages/about.json', ['title'], expect.stringMatching(/^the same title as pages\/home\.json;/)]]);
  });
});

describe('editedText: the text a save writes', () => {
  const text = '\uFEFF{\n  "title": "A",\n    "odd":   [1,2],\n  "n": 1.0\n}\n';
  it('leaves an unchanged value byte for byte, BOM, spacing and number forms included', () => {
    expect(editedText(text, { title: 'A', odd: [1, 2], n: 1 })).toBe(text);
  });
  it('changes only the edited line', () => {
    expect(editedText(text, { title: 'B', odd: [1, 2], n: 1 })).toBe(text.replace('"A"', '"B"'));
  });
  it('writes a new file with two spaces and a final newline', () => {
    expect(editedText(undefined, { a: [1] })).toBe('{\n  "a": [\n    1\n  ]\n}\n');
  });
  const page = (blocks: unknown[]) => `${JSON.stringify({ title: 'T', blocks }, null, 2)}\n`;
  const blocks = [
    { type: 'faq', id: 'a', props: { heading: 'Questions' } },
    { type: 'counters', id: 'b', props: { items: [{ label: 'Clients', value: 40 }] } },
    { type: 'faq', id: 'c', props: { heading: 'More questions' } },
  ];
  it('writes a block moved up as the list it makes, indented as the file is, not as edits of its neighbours', () => {
    const moved = [blocks[1], blocks[0], blocks[2]];
    expect(editedText(page(blocks), { title: 'T', blocks: moved })).toBe(page(moved));
    const tabbed = page(blocks).replace(/^( {2})+/gm, (spaces) => '\t'.repeat(spaces.length / 2));
    expect(editedText(tabbed, { title: 'T', blocks: moved })).toBe(page(moved).replace(/^( {2})+/gm, (spaces) => '\t'.repeat(spaces.length / 2)));
  });
  it('writes an inserted block into the list, the rest of the file as it was', () => {
    const text = page(blocks).replace('"title": "T"', '"title":   "T"');
    const inserted = [blocks[0], { type: 'faq', id: 'new', props: { heading: 'New' } }, blocks[1], blocks[2]];
    expect(editedText(text, { title: 'T', blocks: inserted })).toBe(page(inserted).replace('"title": "T"', '"title":   "T"'));
  });
});
