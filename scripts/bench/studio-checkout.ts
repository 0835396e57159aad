/**
 * A checkout of the site as the studio runs in: a buildable copy of the project (generated-site.ts, with `copies`
 * generated pages more) made a git repository with one commit and a bare remote in a temporary folder, built once.
 * The studio's browser tests and the bench's studio figures both start from it.
 */
import { execFile } from 'node:child_process';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { generateSite } from './generated-site.ts';
import { buildCheckout } from '../../server/studio/checkout-build.ts';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');

export interface StudioCheckout {
  dir: string;
  /** The bare repository `origin` points at. */
  remote: string;
  /** A route of the site and its page document. */
  sample: { document: string; path: string };
  git(...args: string[]): Promise<string>;
  /** The incremental build, as `npm run build` runs it. */
  build(): Promise<void>;
  remove(): Promise<void>;
}

export interface CheckoutOptions {
  /** Generated pages besides the site's own (generated-site.ts). */
  copies?: number;
  /** Changes to the content before the first commit (a page added). */
  prepare?: (dir: string) => Promise<void>;
  /** false skips the site's build, for tests that never publish. */
  build?: boolean;
}

export async function createStudioCheckout({ copies = 0, prepare, build: buildFirst = true }: CheckoutOptions = {}): Promise<StudioCheckout> {
  const site = await generateSite(root, copies, { buildable: true });
  await prepare?.(site.dir);
  const remote = await mkdtemp(path.join(tmpdir(), 'studio-remote-'));
  const git = async (...args: string[]) => (await run('git', args, { cwd: site.dir, maxBuffer: 64 * 1024 * 1024 })).stdout;
  const build = () => buildCheckout(site.dir);
  await run('git', ['init', '--quiet', '--bare', '--initial-branch=main', remote]);
  await cp(path.join(root, '.gitignore'), path.join(site.dir, '.gitignore'));
  await git('init', '--quiet', '--initial-branch=main');
  await git('add', '--all');
  await git('-c', 'user.name=Site Developer', '-c', 'user.email=dev@example.com', 'commit', '--quiet', '-m', 'The site as it is');
  await git('remote', 'add', 'origin', remote);
  await git('push', '--quiet', 'origin', 'main');
  if (buildFirst) await build();
  return {
    dir: site.dir,
    remote,
    sample: site.sample,
    git,
    build,
    async remove() {
      await rm(site.dir, { recursive: true, force: true });
      await rm(remote, { recursive: true, force: true });
    },
  };
}
