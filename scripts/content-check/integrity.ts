/** Checks that span documents: routes ↔ page files, links, images, fragments, ids, unique titles. */
import type { ContentIssue } from './issue.ts';
import { didYouMean } from './did-you-mean.ts';
import { slugify } from '../../src/model/slugify.ts';
import { resolvePath, staticPaths, type Resolution, type RouteTable } from '../../src/model/routes.ts';
import { checkRedirectChains } from './redirect-chains.ts';
import { checkImages } from './image-paths.ts';
import { checkPictureFiles } from './picture-files.ts';
import { issueAt, type LoadedDocument } from './document.ts';
import { linkFormProblem } from './link-forms.ts';
import { asRecord } from './records.ts';
import { isPageName } from '../../src/model/page-name.ts';

interface Input {
  root: string;
  site: LoadedDocument;
  /** The pages to check: every page, or in a run after a few edits the pages those edits reach (`rest` says). */
  pages: LoadedDocument[];
  /** When `pages` are only some: what the checks read of the others (site-index.ts). */
  rest?: RestOfSite;
}

/** What the checks read of the pages not checked in this run. */
export interface RestOfSite {
  /** Every page document's name, the checked ones included. */
  names: readonly string[];
  /** Whether pages.json is among the checked documents (its routes, redirects and links). */
  checkSite: boolean;
  /** A page not checked, loaded for its ids when a checked page links to one of them. */
  page(name: string): LoadedDocument | undefined;
  /** The file of the first page, in name order, whose title (or description) is `value`. */
  firstWith(field: 'title' | 'description', value: string): string | undefined;
}

export interface IntegrityResult {
  issues: ContentIssue[];
  /** Per checked page: its ids and who showed them ("blocks[2]"), in order; another page's anchor reads them. */
  idsOf: (page: string) => ReadonlyMap<string, string> | undefined;
  /** Per checked document (by file): the pages its links point into with an anchor. */
  anchorTargets: Map<string, Set<string>>;
}

/** Ids the page shell itself uses. */
const reservedIds = ['main', 'root'];

const asArray = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const asString = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

export async function checkIntegrity({ root, site, pages, rest }: Input): Promise<IntegrityResult> {
  const issues: ContentIssue[] = [];
  const checkSite = rest?.checkSite ?? true;
  // The site's own issues are kept only when it is checked; its routes are read either way (which page files they
  // name, and which a route's error says to rename).
  const siteIssues: ContentIssue[] = [];
  const config = asRecord(site.value);
  const routes = asArray(config.routes).map(asRecord);
  const redirects = asArray(config.redirects).map(asRecord);
  const fragments = asRecord(config.fragments);
  const layout = asRecord(config.layout);
  const table: RouteTable = {
    routes: routes.flatMap((r) => (asString(r.path) && asString(r.page) ? [{ path: r.path as string, page: r.page as string }] : [])),
    redirects: redirects.flatMap((r) => (asString(r.from) && asString(r.to) ? [{ from: r.from as string, to: r.to as string }] : [])),
  };
  const pageNames = rest ? [...rest.names] : pages.map((p) => p.page!);
  const allNames = new Set(pageNames);
  const hasSiteConfig = site.value !== undefined;
  // Sets, not a scan of the routes per page and per redirect: at thousands of pages that scan was quadratic.
  const routedPaths = new Set(table.routes.map((r) => r.path));

  // Routes ↔ page documents. A file a route's error says to rename gets no warning of its own: one mistake, one message.
  const renamedByRoutes = new Set<string>();
  // A file whose name is no page name (capitals, spaces) is suggested by the name it should have, with the rename:
  // its own name would be refused in turn.
  const pageFiles: PageFiles = {
    named: pageNames.filter(isPageName),
    misnamed: pageNames.filter((name) => !isPageName(name) && slugify(name) !== '' && !allNames.has(slugify(name))),
  };
  const missingPage = (page: string) => {
    const { message, rename } = missingPageAdvice(page, pageFiles);
    if (rename) renamedByRoutes.add(rename);
    return message;
  };
  const seenPaths = new Map<string, number>();
  routes.forEach((route, i) => {
    const routePath = asString(route.path);
    const page = asString(route.page);
    if (routePath) {
      const first = seenPaths.get(routePath);
      if (first !== undefined) siteIssues.push(issueAt(site, ['routes', i, 'path'], 'duplicate-route', `the path "${routePath}" is already routed by routes[${first}]. Remove one of the two.`));
      else seenPaths.set(routePath, i);
    }
    // A name the schema refuses has its error there, with the name to write.
    if (page && isPageName(page) && !allNames.has(page)) siteIssues.push(issueAt(site, ['routes', i, 'page'], 'missing-page', missingPage(page)));
  });
  const notFound = asString(config.notFoundPage);
  if (notFound && isPageName(notFound) && !allNames.has(notFound)) siteIssues.push(issueAt(site, ['notFoundPage'], 'missing-page', missingPage(notFound)));

  redirects.forEach((r, i) => {
    const from = asString(r.from);
    if (from && routedPaths.has(from)) {
      siteIssues.push(issueAt(site, ['redirects', i, 'from'], 'redirect-shadowed', `"${from}" is also a route, so this redirect never applies. Remove the route or the redirect.`));
    }
  });
  if (checkSite) issues.push(...siteIssues, ...checkRedirectChains(site, table));

  if (hasSiteConfig) {
    // The pages the routes and the 404 page show, and for a name the schema refuses ("Partners") the name its error
    // says to write: the file that one means gets no warning of its own.
    const shownPages = new Set([...table.routes.map((r) => r.page), ...(notFound ? [notFound] : [])].flatMap((name) => (isPageName(name) ? [name] : [name, slugify(name)])));
    for (const p of pages) {
      const page = p.page!;
      if (shownPages.has(page) || renamedByRoutes.has(page)) continue;
      issues.push(issueAt(p, [], 'unused-page', unusedPageMessage(page, allNames.has(slugify(page))), { severity: 'warning' }));
    }
  }

  // Block ids per page (layout blocks and inserted fragments included), fragments that exist.
  const layoutIds = ['header', 'footer'].flatMap((slot) => asString(asRecord(layout[slot]).id) ?? []);
  // Every page starts with these; each page's own ids are added to a copy.
  const shellIds = new Map<string, string>(layoutIds.map((id) => [id, 'the site layout']));
  for (const id of reservedIds) shellIds.set(id, 'the page shell');
  /** A page's ids and who shows them; its duplicate ids and missing fragments are reported when it is checked. */
  const idsOfPage = (p: LoadedDocument, report: ContentIssue[] | undefined) => {
    const ids = new Map(shellIds);
    p.facts.blocks.forEach((block, i) => {
      const fragmentName = block.fragment;
      let id = block.id;
      if (fragmentName !== undefined) {
        if (hasSiteConfig && !(fragmentName in fragments)) {
          const guess = didYouMean(fragmentName, Object.keys(fragments));
          report?.push(issueAt(p, ['blocks', i, 'fragment'], 'missing-fragment', `there is no fragment "${fragmentName}" in pages.json${guess ? ` — did you mean "${guess}"?` : `; defined: ${Object.keys(fragments).join(', ') || 'none'}`}`));
        }
        id = asString(asRecord(fragments[fragmentName]).id);
      }
      if (id === undefined) return;
      const owner = ids.get(id);
      if (owner) report?.push(issueAt(p, ['blocks', i, fragmentName !== undefined ? 'fragment' : 'id'], 'duplicate-id', `the id "${id}" is already used by ${owner} on this page; ids are anchors and must be unique. Rename one.`));
      else ids.set(id, `blocks[${i}]`);
    });
    return ids;
  };
  const idsByPage = new Map<string, Map<string, string> | undefined>();
  for (const p of pages) idsByPage.set(p.page!, idsOfPage(p, issues));
  const idsOf = (page: string) => {
    if (!idsByPage.has(page)) {
      const other = rest?.page(page);
      idsByPage.set(page, other && idsOfPage(other, undefined));
    }
    return idsByPage.get(page);
  };

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
  const anchorTargets = new Map<string, Set<string>>();
  const checked = checkSite ? [site, ...pages] : pages;
  for (const doc of checked) {
    const targetsHere = new Set<string>();
    anchorTargets.set(doc.file, targetsHere);
    for (const link of doc.facts.collected.links) {
      const [linkPath, anchor] = link.value.split('#') as [string, string | undefined];
      if (link.value.startsWith('/')) {
        if (!hasSiteConfig) continue;
        const { target, guess } = targetOf(linkPath);
        if (target.kind === 'not-found') {
          issues.push(issueAt(doc, link.path, 'broken-link', `the link "${link.value}" goes nowhere: no route or redirect matches "${linkPath}"${guess ? ` — did you mean "${guess}"?` : '. Use a path from "routes" in pages.json.'}`));
        } else if (anchor && target.kind === 'page' && (targetsHere.add(target.page), !idsOf(target.page)?.has(anchor))) {
          const advice = anchorAdvice(anchor, idsOf(target.page), linkPath);
          issues.push(issueAt(doc, link.path, 'broken-anchor', `the link "${link.value}" points at "#${anchor}", but no block on ${linkPath} has that id${advice}`));
        }
      } else if (link.value.startsWith('#')) {
        const ids = doc.page === undefined ? undefined : idsOf(doc.page);
        const anchor = link.value.slice(1);
        if (ids && !ids.has(anchor)) issues.push(issueAt(doc, link.path, 'broken-anchor', `the link "${link.value}" points at an id that no block on this page has${anchorAdvice(anchor, ids, '')}`));
      } else {
        // mailto:, tel: and https:// links the schema's pattern let through.
        const problem = linkFormProblem(link.value);
        if (problem) issues.push(issueAt(doc, link.path, 'link-form', problem));
      }
    }
  }
  issues.push(...(await checkImages(root, checked)), ...(await checkPictureFiles(root, checked)));

  // Titles and descriptions must be unique across pages: the first page with one, in name order, keeps it.
  for (const field of ['title', 'description'] as const) {
    const firstWith = rest ? (value: string) => rest.firstWith(field, value) : firstOf(pages, field);
    for (const p of pages) {
      const value = p.facts[field];
      if (!value) continue;
      const owner = firstWith(value);
      if (owner !== undefined && owner !== p.file) issues.push(issueAt(p, [field], `duplicate-${field}` as const, `the same ${field} as ${owner}; every page needs its own ${field} in search results. Rewrite one of them.`));
    }
  }
  return { issues, idsOf, anchorTargets };
}

/** The file of the first of the pages with each title (or description). */
function firstOf(pages: readonly LoadedDocument[], field: 'title' | 'description'): (value: string) => string | undefined {
  const owners = new Map<string, string>();
  for (const p of pages) {
    const value = p.facts[field];
    if (value && !owners.has(value)) owners.set(value, p.file);
  }
  return (value) => owners.get(value);
}

/** The page documents by their names: page names, and the names to rename (whose lower-case name is free). */
interface PageFiles {
  named: string[];
  misnamed: string[];
}

/** What a route naming a missing page should say, and the file it says to rename, if any. */
function missingPageAdvice(page: string, { named, misnamed }: PageFiles): { message: string; rename?: string } {
  const missing = `there is no page document pages/${page}.json`;
  const sameInLowerCase = misnamed.find((name) => slugify(name) === page);
  if (sameInLowerCase) {
    return { message: `${missing}, but there is pages/${sameInLowerCase}.json: page names are lower-case letters, digits and hyphens, so rename the file: ${renameCommand(sameInLowerCase, page)}.`, rename: sameInLowerCase };
  }
  const guess = didYouMean(page, named);
  if (guess) return { message: `${missing} — did you mean "${guess}"?` };
  const file = didYouMean(page, misnamed);
  if (file) {
    return {
      message: `${missing}. The nearest is pages/${file}.json, whose name is no page name (lower-case letters, digits and hyphens): rename it with ${renameCommand(file, slugify(file))}, then write "${slugify(file)}" here.`,
      rename: file,
    };
  }
  return { message: `${missing}. Create it (copy a similar page) or fix the name.` };
}

function unusedPageMessage(page: string, nameTaken: boolean): string {
  if (isPageName(page)) return `no route in pages.json shows this page. Add { "path": "/${page}", "page": "${page}" } to "routes", or delete the file.`;
  const name = slugify(page);
  const notAName = `no route can show this page: "${page}" is no page name (lower-case letters, digits and hyphens)`;
  if (name === '') return `${notAName}. Rename the file to such a name, then add a route for it; or delete the file.`;
  if (nameTaken) return `${notAName}, and pages/${name}.json exists already. Delete this file, or rename it to another lower-case name.`;
  return `${notAName}. Rename the file: ${renameCommand(page, name)}, then add { "path": "/${name}", "page": "${name}" } to "routes"; or delete the file.`;
}

/** The git command that renames a page document, with shell quotes where the old name needs them. */
function renameCommand(from: string, to: string): string {
  const quoted = (file: string) => (/^[\w./-]+$/.test(file) ? file : `'${file.replace(/'/g, `'\\''`)}'`);
  return `git mv ${quoted(`pages/${from}.json`)} ${quoted(`pages/${to}.json`)}`;
}

/** How many of a page's ids a broken anchor's message lists. */
const listedIds = 6;

/**
 * What a broken anchor could have meant: the nearest id of the page, then the page's other ids (its own blocks'
 * first, then the layout's; the page shell's own are left out), a few of them. `linkPath` is "" on the same page.
 */
function anchorAdvice(anchor: string, ids: ReadonlyMap<string, string> | undefined, linkPath: string): string {
  if (!ids) return '.';
  const guess = didYouMean(anchor, [...ids.keys()]);
  const shown = [...ids].filter(([, owner]) => owner !== 'the page shell').sort(([, a], [, b]) => Number(!a.startsWith('blocks[')) - Number(!b.startsWith('blocks[')));
  const others = shown.map(([id]) => id).filter((id) => id !== guess);
  const more = others.length > listedIds ? ` and ${others.length - listedIds} more` : '';
  const page = linkPath || 'this page';
  const listed = others
    .slice(0, listedIds)
    .map((id) => `"${id}"`)
    .join(', ');
  const list = others.length > 0 ? `${guess ? 'Other ids on' : 'Ids on'} ${page}: ${listed}${more}.` : '';
  if (guess) return ` — did you mean "${linkPath}#${guess}"?${list ? ` ${list}` : ''}`;
  return list ? `. ${list}` : `. No block on ${page} has an id: give the one you mean an "id".`;
}
