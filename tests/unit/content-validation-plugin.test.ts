// @vitest-environment node
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { contentValidationPlugin } from '../../scripts/content-check/vite-plugin';
import { runBuildStart } from './fixtures/run-build-start.ts';
import { baseSiteConfig, page, fixtureSitePerTest } from './fixtures/content-site';

const site = fixtureSitePerTest();

/** Run the plugin's transform on a file the way Vite does when it is imported; the JSON it hands on, or null. */
async function runTransform(root: string, rel: string): Promise<{ value: unknown; watched: string[] } | null> {
  const plugin = contentValidationPlugin();
  (plugin.configResolved as (c: unknown) => void)({ root, build: { ssr: false }, plugins: [] });
  const watched: string[] = [];
  const context = {
    addWatchFile(file: string) {
      watched.push(path.relative(root, file).split(path.sep).join('/'));
    },
    // As Vite's plugin context does: throws what the plugin hands it.
    error(error: { message: string }): never {
      throw Object.assign(new Error(error.message), error);
    },
  };
  const { handler, order } = plugin.transform as unknown as { order: string; handler: (this: typeof context, code: string, id: string) => Promise<{ code: string } | null> };
  expect(order).toBe('pre'); // before Vite's JSON plugin turns the JSON into a module
  const file = path.join(root, rel);
  const result = await handler.call(context, await readFile(file, 'utf8'), file);
  return result && { value: JSON.parse(result.code) as unknown, watched };
}

const counters = (props: Record<string, unknown> = {}) => ({ type: 'counters', id: 'figures', props: { items: [{ value: 1000, label: 'domain experts' }], ...props } });
const blocksOf = (value: unknown) => (value as { blocks: Array<{ props: unknown }> }).blocks;

describe('content validation in vite build', () => {
  it('lets valid content through', async () => {
    expect(await runBuildStart(site.root)).toBeNull();
  });

  it('fails the build with every error as file:line:col', async () => {
    await site.write('pages/about.json', '{ "title": "About the test company", }');
    const message = await runBuildStart(site.root);
    expect(message).toContain('The site content has 1 error:');
    expect(message).toContain('pages/about.json:1:36  JSON syntax error: a comma after the last property, which JSON does not allow: delete this comma');
  });

  it('leaves the check to the client build during the SSR build', async () => {
    await site.write('pages/about.json', '{');
    expect(await runBuildStart(site.root, true)).toBeNull();
  });
});

describe('schema defaults filled in as documents are imported', () => {
  it("fills each block's own defaults into a page document, and only its own", async () => {
    await site.write(
      'pages/about.json',
      page('About the test company', 'Who the test company is, written long enough to pass the rule.', [
        { type: 'page-hero', id: 'hero', props: { heading: 'About us' } },
        counters(),
        { type: 'accordion', id: 'values', props: { items: [{ title: 'Clients first', content: 'We listen.' }] } },
      ]),
    );
    const result = await runTransform(site.root, 'pages/about.json');
    expect(blocksOf(result!.value).map((b) => b.props)).toEqual([
      { heading: 'About us' },
      { items: [{ value: 1000, label: 'domain experts', duration: 2 }], separator: ',' },
      { items: [{ title: 'Clients first', content: 'We listen.' }], firstOpen: false, singleOpen: true, headingLevel: 3 },
    ]);
  });

  it('keeps what the document says over the default', async () => {
    await site.write('pages/about.json', page('About the test company', 'Who the test company is, written long enough to pass the rule.', [counters({ separator: '' })]));
    expect(blocksOf((await runTransform(site.root, 'pages/about.json'))!.value)[0]!.props).toMatchObject({ separator: '' });
  });

  it('fills the defaults of the layout and the fragments of pages.json', async () => {
    const config = baseSiteConfig();
    await site.write('pages.json', { ...config, layout: { ...config.layout, footer: { type: 'blog-grid', props: {} } }, fragments: { ...config.fragments, figures: counters() } });
    const value = (await runTransform(site.root, 'pages.json'))!.value as { layout: { footer: { props: unknown } }; fragments: Record<string, { props: unknown }> };
    expect(value.layout.footer.props).toEqual({ loadingText: 'Thanks for your patience. Loading...', errorText: "We couldn't load the articles right now.", retryLabel: 'Retry' });
    expect(value.fragments.figures!.props).toMatchObject({ separator: ',' });
    expect(value.fragments.closing!.props).toEqual(config.fragments.closing.props); // closing-banner has no defaults
  });

  it("fills the defaults of a block schema's examples, for the gallery, and leaves the rest of the schema alone", async () => {
    const original = JSON.parse(await readFile(path.join(site.root, 'schemas/blocks/counters.schema.json'), 'utf8')) as { examples: Array<Record<string, unknown>> };
    const value = (await runTransform(site.root, 'schemas/blocks/counters.schema.json'))!.value as typeof original;
    expect(value.examples[0]).toEqual({ ...original.examples[0], separator: ',' });
    expect({ ...value, examples: original.examples }).toEqual(original);
  });

  it('makes the filled module depend on the schemas, so editing one refreshes it in dev', async () => {
    const { watched } = (await runTransform(site.root, 'pages/home.json'))!;
    expect(watched).toEqual(expect.arrayContaining(['schemas/page.schema.json', 'schemas/block.schema.json', 'schemas/blocks/counters.schema.json', 'schemas/defs/link.schema.json']));
  });

  it('refreshes the filled modules in dev when a schema changes (Vite does not see JSON modules depend on it)', () => {
    const plugin = contentValidationPlugin();
    (plugin.configResolved as (c: unknown) => void)({ root: site.root, build: { ssr: false }, plugins: [] });
    const mod = (rel: string) => ({ id: path.join(site.root, rel), file: path.join(site.root, rel) });
    const [page, config, example, component] = [mod('pages/home.json'), mod('pages.json'), mod('schemas/blocks/faq.schema.json'), mod('blocks/faq/faq.tsx')];
    const context = { environment: { moduleGraph: { idToModuleMap: new Map([page, config, example, component].map((m) => [m.id, m])) } } };
    const hotUpdate = plugin.hotUpdate as (this: typeof context, options: { file: string; modules: unknown[] }) => unknown[] | undefined;
    expect(hotUpdate.call(context, { file: path.join(site.root, 'schemas/defs/link.schema.json'), modules: [] })).toEqual([page, config, example]);
    expect(hotUpdate.call(context, { file: path.join(site.root, 'pages/home.json'), modules: [page] })).toBeUndefined(); // Vite's own handling
  });

  it('leaves other JSON files alone', async () => {
    await site.write('public/data.json', { separator: null });
    expect(await runTransform(site.root, 'public/data.json')).toBeNull();
    expect(await runTransform(site.root, 'schemas/page.schema.json')).toBeNull();
  });

  it('hides no error: a broken document is still reported by the content check, as before', async () => {
    await site.write('pages/about.json', page('About the test company', 'Who the test company is, written long enough to pass the rule.', [counters(), { type: 'countrs', props: {} }]));
    // What AJV could place is filled in, so the page still renders in dev while the overlay shows the error.
    expect(blocksOf((await runTransform(site.root, 'pages/about.json'))!.value)[0]!.props).toMatchObject({ separator: ',' });
    expect(await runBuildStart(site.root)).toContain('pages/about.json:19:7  blocks[1] (countrs) › type: unknown block type "countrs" — did you mean "counters"?');

    await site.write('pages/about.json', '{ "title": "About the test company", }');
    await expect(runTransform(site.root, 'pages/about.json')).rejects.toThrow('pages/about.json:1:36  JSON syntax error');
    expect(await runBuildStart(site.root)).toContain('pages/about.json:1:36  JSON syntax error');
  });

  it.each([
    ['pages/about.json', '{\n  "title": "About the test company"\n  "blocks": []\n}\n', 3, 3],
    ['pages.json', '{\n  "routes": [\n    { "path": "/" "page": "home" }\n  ]\n}\n', 3, 19],
    ['schemas/blocks/faq.schema.json', '{ "title": "FaqProps", }', 1, 22],
  ])('refuses %s with a syntax error as a Vite error with id and loc (the overlay shows file:line), not Vite\'s "[object Object]"', async (rel, text, line, column) => {
    await site.write(rel, text);
    const file = path.join(site.root, rel);
    const error = await runTransform(site.root, rel).catch((e: unknown) => e);
    expect(error).toMatchObject({ id: file, loc: { file, line, column } });
    expect((error as Error).message).toMatch(new RegExp(`^${rel.replace(/\./g, '\\.')}:${line}:${column}  JSON syntax error: .+\\. Fix it and save`));
    expect((error as { frame: string }).frame).toContain(`> ${line} |`);
  });
});
