/** Checks that span documents: routes ↔ page files, links, images, fragments, ids, unique titles. */
import type { ContentIssue } from './issue.ts';
import { didYouMean } from './did-you-mean.ts';
import { resolvePath, staticPaths, type Resolution, type RouteTable } from '../../src/model/routes.ts';
import { checkRedirectChains } from './redirect-chains.ts';
import { checkImages } from './image-paths.ts';
import { checkPictureFiles } from './picture-files.ts';
import { issueAt, type LoadedDocument } from './document.ts';
import { linkFormProblem } from './link-forms.ts';

interface Input {
  root: string;
  site: LoadedDocument;
  pages: LoadedDocument[];
}

/** Ids the page shell itself uses. */
const reservedIds = ['main', 'root'];

const asArray = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const asRecord = (v: unknown): Record<string, unknown> => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});
const asString = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

export async function checkIntegrity({ root, site, pages }: Input): Promise<ContentIssue[]> {
  const issues: ContentIssue[] = [];
  const config = asRecord(site.value);
  const routes = asArray(config.routes).map(asRecord);
  const redirects = asArray(config.redirects).map(asRecord);
  const fragments = asRecord(config.fragments);
  const layout = asRecord(config.layout);
  const table: RouteTable = {
    routes: routes.flatMap((r) => (asString(r.path) && asString(r.page) ? [{ path: r.path as string, page: r.page as string }] : [])),
    redirects: redirects.flatMap((r) => (asString(r.from) && asString(r.to) ? [{ from: r.from as string, to: r.to as string }] : [])),
  };
  const byName = new Map(pages.map((p) => [p.page!, p]));
  const pageNames = [...byName.keys()];
  const hasSiteConfig = site.value !== undefined;
  // Sets, not a scan of the routes per page and per redirect: at thousands of pages that scan was quadratic.
  const routedPaths = new Set(table.routes.map((r) => r.path));
  const routedPages = new Set(table.routes.map((r) => r.page));

  // Routes ↔ page documents.
  const seenPaths = new Map<string, number>();
  routes.forEach((route, i) => {
    const routePath = asString(route.path);
    const page = asString(route.page);
    if (routePath) {
      const first = seenPaths.get(routePath);
      if (first !== undefined) issues.push(issueAt(site, ['routes', i, 'path'], 'duplicate-route', `the path "${routePath}" is already routed by routes[${first}]. Remove one of the two.`));
      else seenPaths.set(routePath, i);
    }
    if (page && !byName.has(page)) issues.push(issueAt(site, ['routes', i, 'page'], 'missing-page', missingPageMessage(page, pageNames)));
  });
  const notFound = asString(config.notFoundPage);
  if (notFound && !byName.has(notFound)) issues.push(issueAt(site, ['notFoundPage'], 'missing-page', missingPageMessage(notFound, pageNames)));

  redirects.forEach((r, i) => {
    const from = asString(r.from);
    if (from && routedPaths.has(from)) {
      issues.push(issueAt(site, ['redirects', i, 'from'], 'redirect-shadowed', `"${from}" is also a route, so this redirect never applies. Remove the route or the redirect.`));
    }
  });
  issues.push(...checkRedirectChains(site, table));

  if (hasSiteConfig) {
    for (const p of pages) {
      if (p.page !== notFound && !routedPages.has(p.page!)) {
        issues.push(issueAt(p, [], 'unused-page', `no route in pages.json shows this page. Add { "path": "/${p.page}", "page": "${p.page}" } to "routes", or delete the file.`, { severity: 'warning' }));
      }
    }
  }

  // Block ids per page (layout blocks and inserted fragments included), fragments that exist.
  const layoutIds = ['header', 'footer'].flatMap((slot) => asString(asRecord(layout[slot]).id) ?? []);
  // Every page starts with these; each page's own ids are added to a copy.
  const shellIds = new Map<string, string>(layoutIds.map((id) => [id, 'the site layout']));
  for (const id of reservedIds) shellIds.set(id, 'the page shell');
  const idsByPage = new Map<string, Map<string, string>>();
  for (const p of pages) {
    const ids = new Map(shellIds);
    p.facts.blocks.forEach((block, i) => {
      const fragmentName = block.fragment;
      let id = block.id;
      if (fragmentName !== undefined) {
        if (hasSiteConfig && !(fragmentName in fragments)) {
          const guess = didYouMean(fragmentName, Object.keys(fragments));
          issues.push(issueAt(p, ['blocks', i, 'fragment'], 'missing-fragment', `there is no fragment "${fragmentName}" in pages.json${guess ? ` — did you mean "${guess}"?` : `; defined: ${Object.keys(fragments).join(', ') || 'none'}`}`));
        }
        id = asString(asRecord(fragments[fragmentName]).id);
      }
      if (id === undefined) return;
      const owner = ids.get(id);
      if (owner) issues.push(issueAt(p, ['blocks', i, fragmentName !== undefined ? 'fragment' : 'id'], 'duplicate-id', `the id "${id}" is already used by ${owner} on this page; ids are anchors and must be unique. Rename one.`));
      else ids.set(id, `blocks[${i}]`);
    });
    idsByPage.set(p.page!, ids);
  }

  // Links and images, wherever the schemas mark them.
  const known = staticPaths(table);
  // Pages share their link targets (and a renamed route breaks many links at once): each distinct path is
  // resolved, and a broken one matched against every known path, once.
  const targets = new Map<string, { target: Resolution; guess?: string }>();
  const targetOf = (linkPath: string) => {
    let found = targets.get(linkPath);
    if (!found) {
      const target = resolvePath(table, linkPath);
      found = { target, guess: target.kind === 'not-found' ? didYouMean(linkPath, known) : undefined };
      targets.set(linkPath, found);
    }
    return found;
  };
  for (const doc of [site, ...pages]) {
    for (const link of doc.facts.collected.links) {
      const [linkPath, anchor] = link.value.split('#') as [string, string | undefined];
      if (link.value.startsWith('/')) {
        if (!hasSiteConfig) continue;
        const { target, guess } = targetOf(linkPath);
        if (target.kind === 'not-found') {
          issues.push(issueAt(doc, link.path, 'broken-link', `the link "${link.value}" goes nowhere: no route or redirect matches "${linkPath}"${guess ? ` — did you mean "${guess}"?` : '. Use a path from "routes" in pages.json.'}`));
        } else if (anchor && target.kind === 'page' && !idsByPage.get(target.page)?.has(anchor)) {
          issues.push(issueAt(doc, link.path, 'broken-anchor', `the link "${link.value}" points at "#${anchor}", but no block on ${linkPath} has that id.`));
        }
      } else if (link.value.startsWith('#')) {
        if (doc.page !== undefined && !idsByPage.get(doc.page)?.has(link.value.slice(1))) issues.push(issueAt(doc, link.path, 'broken-anchor', `the link "${link.value}" points at an id that no block on this page has.`));
      } else {
        // mailto:, tel: and https:// links the schema's pattern let through.
        const problem = linkFormProblem(link.value);
        if (problem) issues.push(issueAt(doc, link.path, 'link-form', problem));
      }
    }
  }
  issues.push(...(await checkImages(root, [site, ...pages])), ...(await checkPictureFiles(root, [site, ...pages])));

  // Titles and descriptions must be unique across pages.
  for (const field of ['title', 'description'] as const) {
    const owners = new Map<string, string>();
    for (const p of pages) {
      const value = p.facts[field];
      if (!value) continue;
      const owner = owners.get(value);
      if (owner) issues.push(issueAt(p, [field], `duplicate-${field}` as const, `the same ${field} as ${owner}; every page needs its own ${field} in search results. Rewrite one of them.`));
      else owners.set(value, p.file);
    }
  }
  return issues;
}

function missingPageMessage(page: string, pageNames: string[]): string {
  const guess = didYouMean(page, pageNames);
  return `there is no page document pages/${page}.json${guess ? ` — did you mean "${guess}"?` : '. Create it (copy a similar page) or fix the name.'}`;
}
