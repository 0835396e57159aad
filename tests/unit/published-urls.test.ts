// @vitest-environment node
/**
 * Published URLs never break: a path the route table of a git ref served must still be served, by a route or
 * a redirect. Each test site is its own git repository in a temporary folder.
 */
import { execFileSync } from 'node:child_process';
import { beforeEach, describe, expect, it } from 'vitest';
import { validateContent } from '../../scripts/content-check/validate-content';
import { formatIssue } from '../../scripts/content-check/issue';
import { runBuildStart } from './fixtures/run-build-start.ts';
import { baseSiteConfig, fixtureSitePerTest } from './fixtures/content-site';

const site = fixtureSitePerTest();

const git = (...args: string[]) => execFileSync('git', ['-c', 'user.name=Test', '-c', 'user.email=test@example.com', '-c', 'commit.gpgsign=false', ...args], { cwd: site.root, encoding: 'utf8', stdio: 'pipe' });

function commitAll(message: string) {
  git('add', '-A');
  git('commit', '-q', '-m', message);
}

/** The published-URL findings only (a renamed route also breaks the site's own links, reported elsewhere). */
async function published(since = 'HEAD'): Promise<string[]> {
  const { issues } = await validateContent({ root: site.root, since });
  return issues.filter((i) => i.rule.startsWith('published-url')).map(formatIssue);
}

type Config = ReturnType<typeof baseSiteConfig>;
const withConfig = (change: (config: Config) => void) => {
  const config = baseSiteConfig();
  change(config);
  return site.write('pages.json', config);
};

describe('in a git repository', () => {
  beforeEach(() => {
    git('init', '-q');
    commitAll('the published site');
  });

  it('passes when the routes are as published', async () => {
    expect(await published()).toEqual([]);
  });

  it('a renamed route: names the path and the redirect to add, to the route that shows the same page', async () => {
    await withConfig((c) => {
      c.routes[1] = { path: '/about-us', page: 'about' };
    });
    expect(await published()).toEqual([
      'pages.json:31:3  redirects: "/about" was published (it is in pages.json at HEAD) but now has neither a route nor a redirect, so every link to it from outside the site breaks. Add { "from": "/about", "to": "/about-us" } to "redirects" in pages.json ("/about-us": it shows the same page (pages/about.json) now).',
    ]);
  });

  it('the redirect it asks for ends the error', async () => {
    await withConfig((c) => {
      c.routes[1] = { path: '/about-us', page: 'about' };
      c.redirects.push({ from: '/about', to: '/about-us' });
    });
    expect(await published()).toEqual([]);
  });

  it('a removed route: did you mean the nearest new route', async () => {
    await withConfig((c) => {
      c.routes[1] = { path: '/abouts', page: 'missing' };
    });
    expect(await published()).toEqual([expect.stringContaining('"/about" was published (it is in pages.json at HEAD) but now has neither a route nor a redirect') as string]);
    expect((await published())[0]).toContain('Add { "from": "/about", "to": "/abouts" } to "redirects" in pages.json ("/abouts": the nearest route).');
  });

  it('a removed redirect: its old source is published too, and the fix is where it went', async () => {
    await withConfig((c) => {
      c.redirects = [];
    });
    expect(await published()).toEqual([expect.stringContaining('"/services" was published') as string]);
    expect((await published())[0]).toContain('Add { "from": "/services", "to": "/about" } to "redirects" in pages.json ("/about": it is where the old redirect went).');
  });

  it('a dynamic route moved: the redirect keeps its ":slug"', async () => {
    await withConfig((c) => {
      c.routes[2] = { path: '/articles/:slug', page: 'article' };
    });
    expect((await published())[0]).toContain('Add { "from": "/blogs/:slug", "to": "/articles/:slug" } to "redirects" in pages.json');
  });

  it('compares with the ref it is given (CI passes the base branch)', async () => {
    git('tag', 'base');
    await withConfig((c) => {
      c.routes[1] = { path: '/about-us', page: 'about' };
    });
    commitAll('rename /about');
    expect(await published('HEAD')).toEqual([]); // HEAD already has the rename
    expect(await published('base')).toEqual([expect.stringContaining('"/about" was published (it is in pages.json at base)') as string]);
  });

  it('the build and the dev overlay report it too (against HEAD)', async () => {
    await withConfig((c) => {
      c.routes[1] = { path: '/about-us', page: 'about' };
    });
    expect(await runBuildStart(site.root)).toContain('Add { "from": "/about", "to": "/about-us" } to "redirects" in pages.json');
  });

  it('skips with a warning when the ref does not exist', async () => {
    expect(await published('origin/no-such-branch')).toEqual([
      'pages.json:1:1  warning: skipped the check that published paths still work: there is no git ref "origin/no-such-branch" here; fetch it first (git fetch origin), or pass --since with a ref that exists. Until it runs, a renamed or removed route is not caught.',
    ]);
  });
});

describe('outside a git repository', () => {
  it('skips with a warning, not an error', async () => {
    const { issues } = await validateContent({ root: site.root, since: 'HEAD' });
    expect(issues.map(formatIssue)).toEqual([
      "pages.json:1:1  warning: skipped the check that published paths still work: the site is not in a git repository; run it in the site's git checkout. Until it runs, a renamed or removed route is not caught.",
    ]);
  });
});
