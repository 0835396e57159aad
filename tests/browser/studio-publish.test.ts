/**
 * Publishing from the studio, on a real checkout with a bare remote: the commit is the user's and says in words
 * what changed, the build follows, a push is made; a failed check, build or commit leaves the files, the build
 * and the repository as they were.
 */
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPublisher } from '../../server/studio/publisher.ts';
import { gitCheckout } from '../../server/studio/git-checkout.ts';
import { readSchemaFiles } from '../../server/studio/checkout-build.ts';
import { UI_TIMEOUT } from '../timeouts.ts';
import { createStudioCheckout, type StudioCheckout } from './studio-checkout.ts';

let checkout: StudioCheckout;
const ANA = { name: 'Ana Lima', email: 'ana@example.com' };

const read = (file: string) => readFile(path.join(checkout.dir, file), 'utf8');
const documentOf = async () => JSON.parse(await read(checkout.sample.document)) as { title: string; blocks: Array<{ props?: Record<string, unknown> }> };
const builtHtml = () => read(`dist${checkout.sample.path === '/' ? '' : checkout.sample.path}/index.html`);
const headOf = async () => (await checkout.git('rev-parse', 'HEAD')).trim();

function publisher(overrides: Partial<Parameters<typeof createPublisher>[0]> = {}) {
  return createPublisher({ root: checkout.dir, git: gitCheckout(checkout.dir), build: checkout.build, schemaFiles: () => readSchemaFiles(checkout.dir), push: { remote: 'origin', branch: 'main' }, ...overrides });
}

beforeAll(async () => {
  checkout = await createStudioCheckout();
}, 6 * UI_TIMEOUT);

afterAll(async () => {
  await checkout?.remove();
});

describe('publishing', () => {
  it(
    'writes a one-line diff, builds, commits as the user with the change in words, and pushes',
    async () => {
      const doc = await documentOf();
      const title = `${doc.title.slice(0, 40)}, published`;
      const result = await publisher().publish([{ file: checkout.sample.document, value: { ...doc, title } }], ANA);
      expect(result).toMatchObject({ kind: 'published' });
      // How long each step took, for whoever wonders why a publish is slow (and the bench's breakdown).
      const { checkMs, buildMs, commitMs, pushMs } = result as Extract<typeof result, { kind: 'published' }>;
      expect([checkMs, buildMs, commitMs, pushMs].every(Number.isInteger)).toBe(true);
      expect(Math.min(buildMs, commitMs, pushMs)).toBeGreaterThan(0);
      expect(await builtHtml()).toContain(`<title>${title}</title>`);
      expect((await checkout.git('show', '--format=%an <%ae>|%cn|%s', '--stat', 'HEAD')).split('\n')[0]).toBe(
        `Ana Lima <ana@example.com>|Ana Lima|${path
          .basename(checkout.sample.document, '.json')
          .replace(/^./, (c) => c.toUpperCase())
          .replace(/-/g, ' ')}: Title`,
      );
      expect(await checkout.git('show', '--format=', '--numstat', 'HEAD')).toBe(`1\t1\t${checkout.sample.document}\n`);
      expect((await checkout.git('--git-dir', checkout.remote, 'rev-parse', 'main')).trim()).toBe(await headOf());
    },
    4 * UI_TIMEOUT,
  );

  it(
    'names a changed block field in words, and keeps a commit whose push failed, saying so',
    async () => {
      const doc = await documentOf();
      const index = doc.blocks.findIndex((b) => typeof b.props?.heading === 'string');
      const blocks = doc.blocks.map((b, i) => (i === index ? { ...b, props: { ...b.props, heading: 'A heading changed in the studio' } } : b));
      const result = await publisher({ push: { remote: 'nowhere', branch: 'main' } }).publish([{ file: checkout.sample.document, value: { ...doc, blocks } }], ANA);
      expect(result.kind).toBe('published');
      if (result.kind !== 'published') return;
      expect(result.message.split('\n')[0]).toMatch(new RegExp(`: .+ \\(block ${index + 1}\\) › Heading$`));
      expect(result.pushError).toMatch(/^Published and committed, but the push to nowhere main failed \(/);
      expect(await headOf()).toBe(result.commit);
    },
    4 * UI_TIMEOUT,
  );

  it(
    'writes, builds and commits nothing when the content check fails, or the build or the commit fails',
    async () => {
      const before = { text: await read(checkout.sample.document), html: await builtHtml(), head: await headOf() };
      const doc = await documentOf();
      const tooShort = await publisher().publish([{ file: checkout.sample.document, value: { ...doc, title: 'Short' } }], ANA);
      expect(tooShort).toMatchObject({ kind: 'invalid', message: 'Not published: 1 error to fix first. The live site is unchanged.' });
      // The URL guard: a path the site served (at HEAD, the last publish) may not vanish without a redirect.
      const site = JSON.parse(await read('pages.json')) as { routes: Array<{ path: string }> };
      const withoutSample = { ...site, routes: site.routes.filter((r) => r.path !== checkout.sample.path) };
      const vanished = await publisher().publish([{ file: 'pages.json', value: withoutSample }], ANA);
      expect(vanished.kind === 'invalid' && vanished.issues.map((i) => i.rule)).toContain('published-url');

      const changed = { ...doc, title: `${doc.title.slice(0, 40)}, never live` };
      const brokenBuild = publisher({ build: async () => Promise.reject(new Error('the disk is full')) });
      await expect(brokenBuild.publish([{ file: checkout.sample.document, value: changed }], ANA)).rejects.toThrow('Not published: the build failed (the disk is full). The live site and the repository are as they were.');
      // Another git command at work in the checkout holds the index lock.
      await writeFile(path.join(checkout.dir, '.git', 'index.lock'), '');
      try {
        await expect(publisher().publish([{ file: checkout.sample.document, value: changed }], ANA)).rejects.toThrow(
          /^Not published: the commit failed \(git add failed in .*index\.lock.*The live site and the repository are as they were\.$/s,
        );
      } finally {
        await rm(path.join(checkout.dir, '.git', 'index.lock'));
      }
      expect({ text: await read(checkout.sample.document), html: await builtHtml(), head: await headOf() }).toEqual(before);
      expect(JSON.parse(await read('pages.json'))).toEqual(site);
    },
    4 * UI_TIMEOUT,
  );
});
