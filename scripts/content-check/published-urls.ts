/**
 * Published URLs never break: every path the route table of a git ref served (its routes and its redirects'
 * sources) must still be served, by a route or a redirect, since other sites, search results and bookmarks link
 * to it. The ref is HEAD by default (what the editor changed since the last commit); CI passes the base branch.
 * It reads that ref's pages.json with `git show`, and nothing else of git. Without git, a repository or the
 * ref, the check is skipped with a warning.
 */
import { execFile } from 'node:child_process';
import type { ContentIssue } from './issue.ts';
import { didYouMean } from './did-you-mean.ts';
import { issueAt, type LoadedDocument } from './document.ts';
import { isDynamicPattern, resolvePath, resolveStep, staticPaths, type RouteTable } from '../../src/model/routes.ts';
import { asRecord } from './records.ts';

const asArray = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

/** The routes and redirects of a pages.json value (the entries that are not whole are left out). */
export function routeTable(config: unknown): RouteTable {
  const value = asRecord(config);
  return {
    routes: asArray(value.routes).flatMap((r) => {
      const { path, page } = asRecord(r);
      return typeof path === 'string' && typeof page === 'string' ? [{ path, page }] : [];
    }),
    redirects: asArray(value.redirects).flatMap((r) => {
      const { from, to } = asRecord(r);
      return typeof from === 'string' && typeof to === 'string' ? [{ from, to }] : [];
    }),
  };
}

type OldConfig = { value: unknown } | { skipped: string };

/** pages.json as it is in `ref`, or why it cannot be read. */
function readPublished(root: string, ref: string): Promise<OldConfig> {
  if (!ref || ref.startsWith('-')) return Promise.resolve({ skipped: `"${ref}" is not a git ref; pass --since with a branch, tag or commit` });
  return new Promise((resolve) => {
    // "./" makes the path relative to the site root even when the repository's root is further up.
    execFile('git', ['show', `${ref}:./pages.json`], { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error) {
        const said = String(stderr);
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') resolve({ skipped: 'git is not installed; install it' });
        else if (/not a git repository/i.test(said)) resolve({ skipped: "the site is not in a git repository; run it in the site's git checkout" });
        else if (/does not exist in|exists on disk, but not in/i.test(said)) resolve({ skipped: `pages.json is not in ${ref}, so nothing was published there to compare with` });
        else if (/invalid object name|unknown revision|bad revision|not a valid object name/i.test(said)) resolve({ skipped: `there is no git ref "${ref}" here; fetch it first (git fetch origin), or pass --since with a ref that exists` });
        else resolve({ skipped: `git show ${ref}:pages.json failed (${said.trim().split('\n')[0] || error.message}); check that git works here` });
        return;
      }
      try {
        resolve({ value: JSON.parse(stdout) as unknown });
      } catch {
        resolve({ skipped: `pages.json in ${ref} is not valid JSON; pass --since with a later ref` });
      }
    });
  });
}

/** The new path that serves what `published` served: the same page under its new route, or the nearest route. */
function suggestTarget(published: string, oldTable: RouteTable, newTable: RouteTable): { to: string; why: string } | undefined {
  const old = resolvePath(oldTable, published);
  if (old.kind === 'page') {
    const dynamic = isDynamicPattern(published);
    const samePage = newTable.routes.find((r) => r.page === old.page && isDynamicPattern(r.path) === dynamic);
    if (samePage) return { to: samePage.path, why: `it shows the same page (pages/${old.page}.json) now` };
  } else if (old.kind === 'redirect') {
    const target = resolvePath(newTable, old.to);
    // A ":slug" probe comes back percent-encoded; a path of pages.json never has a "%".
    if (target.kind === 'page') return { to: old.to.replace(/%3A/gi, ':'), why: 'it is where the old redirect went' };
  }
  const guess = didYouMean(published, staticPaths(newTable));
  return guess ? { to: guess, why: 'the nearest route' } : undefined;
}

export async function checkPublishedUrls({ root, site, since }: { root: string; site: LoadedDocument; since: string }): Promise<ContentIssue[]> {
  if (site.value === undefined) return []; // its syntax error is reported already
  const published = await readPublished(root, since);
  if ('skipped' in published) {
    return [
      {
        severity: 'warning',
        rule: 'published-urls-skipped',
        file: site.file,
        line: 1,
        column: 1,
        where: '',
        message: `skipped the check that published paths still work: ${published.skipped}. Until it runs, a renamed or removed route is not caught.`,
      },
    ];
  }
  const oldTable = routeTable(published.value);
  const newTable = routeTable(site.value);
  const paths = [...new Set([...oldTable.routes.map((r) => r.path), ...oldTable.redirects.map((r) => r.from)])];
  const issues: ContentIssue[] = [];
  for (const path of paths) {
    // The pattern is its own probe: "/blogs/:slug" is still served when some route or redirect matches any slug.
    if (resolveStep(newTable, path).kind !== 'not-found') continue;
    const target = suggestTarget(path, oldTable, newTable);
    const redirect = `{ "from": "${path}", "to": "${target?.to ?? '/…'}" }`;
    const advice = target ? `Add ${redirect} to "redirects" in pages.json ("${target.to}": ${target.why}).` : `Add ${redirect} to "redirects" in pages.json, pointing at the route that replaces it.`;
    issues.push(issueAt(site, ['redirects'], 'published-url', `"${path}" was published (it is in pages.json at ${since}) but now has neither a route nor a redirect, so every link to it from outside the site breaks. ${advice}`));
  }
  return issues;
}
