// @vitest-environment node
/** A byte order mark is accepted and left in the file; any other invisible character between tokens is named, at its place. */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateContent } from '../../scripts/content-check/validate-content';
import { formatIssue } from '../../scripts/content-check/issue';
import { contentValidationPlugin } from '../../scripts/content-check/vite-plugin';
import { parseJsonWithPositions } from '../../scripts/content-check/json-positions';
import { runBuildStart } from './fixtures/run-build-start.ts';
import { baseSiteConfig, fixtureSitePerTest } from './fixtures/content-site';

const site = fixtureSitePerTest();

const messages = async () => (await validateContent({ root: site.root })).issues.map(formatIssue);

const about = (heading: string) => `{ "title": "About the test company",
  "description": "Who the test company is, written long enough to pass the rule.",
  "blocks": [{ "type": "page-hero", "id": "hero", "props": { "heading": ${heading} } }]
}
`;

describe('a byte order mark', () => {
  it('is accepted in a page and in pages.json, and the files keep it', async () => {
    await site.write('pages/about.json', `\uFEFF${about('"About us"')}`);
    await site.write('pages.json', `\uFEFF${JSON.stringify(baseSiteConfig(), null, 2)}\n`);
    expect(await messages()).toEqual([]);
    expect((await readFile(path.join(site.root, 'pages/about.json'), 'utf8')).startsWith('\uFEFF')).toBe(true);
  });

  it('leaves the positions as editors show them: line 1 counts from the brace', async () => {
    await site.write('pages/about.json', `\uFEFF{ "title": 5,\n${about('"About us"').split('\n').slice(1).join('\n')}`);
    expect(await messages()).toEqual(['pages/about.json:1:3  title: must be a string, not an integer']);
    await site.write('pages/about.json', `\uFEFF${about('7')}`);
    expect(await messages()).toEqual(['pages/about.json:3:62  blocks[0] (page-hero) › props.heading: must be a string, not an integer']);
  });

  it('passes the dev server and the build: defaults are filled, nothing is refused', async () => {
    await site.write('pages/about.json', `\uFEFF${about('"About us"')}`);
    expect(await runBuildStart(site.root)).toBeNull();
    const plugin = contentValidationPlugin();
    (plugin.configResolved as (c: unknown) => void)({ root: site.root, build: { ssr: false }, plugins: [] });
    const context = {
      addWatchFile() {},
      error(e: { message: string }): never {
        throw new Error(e.message);
      },
    };
    const { handler } = plugin.transform as unknown as { handler: (this: typeof context, code: string, id: string) => Promise<{ code: string } | null> };
    const file = path.join(site.root, 'pages/about.json');
    const result = await handler.call(context, await readFile(file, 'utf8'), file);
    expect((JSON.parse(result!.code) as { title: string }).title).toBe('About the test company');
  });
});

describe('other invisible characters between tokens', () => {
  it('a zero width space: named by its code point, at its own line and column', async () => {
    await site.write('pages/about.json', about('\u200B"About us"'));
    expect(await messages()).toEqual(['pages/about.json:3:73  JSON syntax error: U+200B ZERO WIDTH SPACE before this value: delete it (it is invisible in most editors)']);
  });

  it('a no-break space after a comma, a form feed before a property name, a byte order mark in the middle', () => {
    const first = (text: string) => parseJsonWithPositions(text).syntaxErrors;
    expect(first('{"a": 1,\u00A0"b": 2}')).toEqual([{ line: 1, column: 9, message: 'JSON syntax error: U+00A0 NO-BREAK SPACE after the comma: delete it (it is invisible in most editors)' }]);
    expect(first('{\n\f"a": 1}')).toEqual([{ line: 2, column: 1, message: 'JSON syntax error: U+000C FORM FEED before this property name: delete it (it is invisible in most editors)' }]);
    expect(first('{"a": 1}\n\uFEFF')).toEqual([
      { line: 2, column: 1, message: 'JSON syntax error: U+FEFF ZERO WIDTH NO-BREAK SPACE (a byte order mark, allowed only at the very start of the file) at the end of the file: delete it (it is invisible in most editors)' },
    ]);
  });

  it('inside a string it is text, not a mistake of the JSON', () => {
    expect(parseJsonWithPositions('{"a": "zero\u200Bwidth"}').syntaxErrors).toEqual([]);
  });

  it('the earlier of an invisible character and a plain syntax error is the one reported', () => {
    expect(parseJsonWithPositions('{"a": 1 "b":\u200B 2}').syntaxErrors).toEqual([{ line: 1, column: 9, message: 'JSON syntax error: expected a comma (is one missing at the end of the previous line?)' }]);
  });
});
