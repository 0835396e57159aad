/**
 * Where each redirect of pages.json leads, followed to its end as the server follows it (src/model/routes.ts):
 * a chain (A → B → C) works, since visitors are sent straight to C, but is a warning that names the collapsed
 * target; a redirect that ends nowhere, or goes round a loop, is an error.
 */
import type { ContentIssue } from './issue.ts';
import { issueAt, type LoadedDocument } from './document.ts';
import { followRedirects, type RouteTable } from '../../src/model/routes.ts';
import { asRecord } from './records.ts';

/** ":slug" segments travel through the chain as themselves (percent-encoded on the way); shown as written. */
const decoded = (p: string) => {
  try {
    return decodeURIComponent(p);
  } catch {
    return p;
  }
};
const shown = (paths: string[]) => paths.map((p) => `"${decoded(p)}"`).join(' → ');

export function checkRedirectChains(site: LoadedDocument, table: RouteTable): ContentIssue[] {
  const issues: ContentIssue[] = [];
  const reportedLoops = new Set<string>();
  const redirects = Array.isArray(asRecord(site.value).redirects) ? (asRecord(site.value).redirects as unknown[]).map(asRecord) : [];
  redirects.forEach((r, i) => {
    if (typeof r.from !== 'string' || typeof r.to !== 'string') return;
    // The pattern itself is the probe: a ":slug" segment matches any ":name" segment of the next hop.
    const chain = followRedirects(table, r.from);
    if (chain.paths.length < 2) return; // a route shadows it: reported as redirect-shadowed
    const last = chain.paths[chain.paths.length - 1]!;
    if (chain.end === 'loop') {
      const loop = chain.paths.slice(chain.paths.indexOf(last));
      const inLoop = loop.includes(r.from);
      // A loop is one mistake, reported once; each redirect that leads into it is one more.
      const key = inLoop ? [...new Set(loop)].sort().join(' ') : r.from;
      if (reportedLoops.has(key)) return;
      reportedLoops.add(key);
      issues.push(
        issueAt(
          site,
          ['redirects', i, 'from'],
          'redirect-loop',
          `${inLoop ? 'redirect loop' : `"${r.from}" redirects into a loop`}: ${shown(inLoop ? loop : chain.paths)}. A visitor would never arrive; point one of these redirects at a path listed in "routes".`,
        ),
      );
    } else if (chain.end === 'not-found') {
      const via = chain.paths.length > 2 ? `, which redirects on to "${decoded(last)}"` : '';
      issues.push(issueAt(site, ['redirects', i, 'to'], 'broken-redirect', `redirects to "${r.to}"${via}, which is not a route. Point it at a path listed in "routes".`));
    } else if (chain.paths.length > 2) {
      issues.push(
        issueAt(site, ['redirects', i, 'to'], 'redirect-chain', `a chain of redirects: ${shown(chain.paths)}. Visitors are sent straight to "${decoded(last)}"; write "to": "${decoded(last)}" here so pages.json says so.`, {
          severity: 'warning',
        }),
      );
    }
  });
  return issues;
}
