/** The editor's contract: one rule for a page's name (the schema's), and the content files it may touch. */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isContentFile, pageFileOf, pageNameOfFile, SITE_FILE } from '../../src/editor/shared/editor-contract';
import { isPageName } from '../../src/model/page-name';

const root = path.resolve(import.meta.dirname, '../..');
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a JSON document walked by the test's own paths
const readJson = (file: string) => JSON.parse(readFileSync(path.join(root, file), 'utf8')) as Record<string, any>;

describe('the page-name rule', () => {
  it('is the one in schemas/defs/page-name.schema.json, which pages.json refers to wherever it names a page', () => {
    const site = readJson('schemas/pages.schema.json');
    expect(site.properties.routes.items.properties.page.$ref).toBe('defs/page-name.schema.json');
    expect(site.properties.notFoundPage.$ref).toBe('defs/page-name.schema.json');
    expect(JSON.stringify(site)).not.toContain('"pattern":"^[a-z0-9');
  });

  it('allows every page of the project and every page pages.json names', () => {
    const files = readdirSync(path.join(root, 'pages')).map((f) => f.replace(/\.json$/, ''));
    const site = readJson('pages.json');
    const named = [...site.routes.map((r: { page: string }) => r.page), site.notFoundPage];
    expect(files.length).toBeGreaterThan(10);
    expect([...files, ...named].filter((name) => !isPageName(name))).toEqual([]);
  });

  it('refuses upper case, a leading hyphen, separators, dots and more than 80 characters', () => {
    for (const name of ['About', '-about', 'about/team', 'about.old', 'a'.repeat(81), '']) expect(isPageName(name), name).toBe(false);
    expect(isPageName('a'.repeat(80))).toBe(true);
  });
});

describe('the content files', () => {
  it('are pages.json and pages/<page name>.json, nothing else', () => {
    expect(pageNameOfFile(pageFileOf('privacy-policy'))).toBe('privacy-policy');
    expect(isContentFile(SITE_FILE)).toBe(true);
    expect(pageNameOfFile(SITE_FILE)).toBeUndefined();
    for (const file of ['pages/../pages.json', 'pages/About.json', 'pages/a/b.json', 'public/pages/about.json', 'pages/about.jsonc']) expect(isContentFile(file), file).toBe(false);
  });
});
