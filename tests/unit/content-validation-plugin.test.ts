// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { contentValidationPlugin } from '../../scripts/content-check/vite-plugin';
import { createFixtureSite, type FixtureSite } from './fixtures/content-site';

let site: FixtureSite;
beforeEach(async () => {
  site = await createFixtureSite();
});
afterEach(async () => {
  await site.dispose();
});

/** Run the plugin's build hook the way `vite build` does; resolves with the error it raised, if any. */
async function runBuildStart(root: string, ssr = false): Promise<string | null> {
  const plugin = contentValidationPlugin();
  (plugin.configResolved as (c: unknown) => void)({ root, build: { ssr } });
  const context = {
    meta: { watchMode: false },
    error(message: string): never {
      throw new Error(message);
    },
  };
  try {
    await (plugin.buildStart as (this: typeof context) => Promise<void>).call(context);
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

describe('content validation in vite build', () => {
  it('lets valid content through', async () => {
    expect(await runBuildStart(site.root)).toBeNull();
  });

  it('fails the build with every error as file:line:col', async () => {
    await site.write('pages/about.json', '{ "title": "About the test company", }');
    const message = await runBuildStart(site.root);
    expect(message).toContain('The site content has 1 error:');
    expect(message).toContain('pages/about.json:1:38  JSON syntax error: expected a property name in double quotes (is there a trailing comma before this?)');
  });

  it('leaves the check to the client build during the SSR build', async () => {
    await site.write('pages/about.json', '{');
    expect(await runBuildStart(site.root, true)).toBeNull();
  });
});
