/**
 * A new page as the editor creates it: the document (its $schema, title and description, a page hero that
 * repeats them, and the closing banner when pages.json has that fragment) and pages.json with its route
 * added. Pure, so the form can check the very documents it would save.
 */
import type { Doc } from './editor-store';
import { pageFileOf } from '../../shared/editor-contract';
import { isPageName } from '../../../model/page-name';
import type { SiteValue } from './site-store';

export interface NewPageInput {
  name: string;
  path: string;
  title: string;
  description: string;
}

const CLOSING_FRAGMENT = 'closing-banner';

export function newPageDocument(input: NewPageInput, site: SiteValue): Doc {
  const heading = input.title.split('|')[0]!.trim() || input.title;
  return {
    $schema: '../schemas/page.schema.json',
    title: input.title,
    description: input.description,
    blocks: [{ type: 'page-hero', id: 'hero', props: { heading, ...(input.description ? { text: input.description } : {}) } }, ...(site.fragments && CLOSING_FRAGMENT in site.fragments ? [{ fragment: CLOSING_FRAGMENT }] : [])],
  };
}

export function withRoute(site: SiteValue, input: NewPageInput): SiteValue {
  return { ...site, routes: [...(site.routes ?? []), { path: input.path, page: input.name }] };
}

/** What is wrong with the file name and the path before the content check is asked, in the form's words. */
export function shapeProblems(input: NewPageInput, site: SiteValue, pages: readonly string[]): Partial<Record<'name' | 'path', string>> {
  const problems: Partial<Record<'name' | 'path', string>> = {};
  if (!isPageName(input.name)) problems.name = 'Use lower-case letters, digits and hyphens, starting with a letter or digit ("partners").';
  else if (pages.includes(input.name)) problems.name = `${pageFileOf(input.name)} exists already. Choose another name, or open that page from the list.`;
  if (!/^\/[a-z0-9-/]*$/.test(input.path)) problems.path = 'Start with / and use lower-case letters, digits, hyphens and slashes ("/partners").';
  else if ((site.routes ?? []).some((r) => r.path === input.path)) problems.path = `${input.path} already shows another page. Choose a free path.`;
  else if ((site.redirects ?? []).some((r) => r.from === input.path)) problems.path = `${input.path} redirects elsewhere today. Choose a free path, or remove that redirect in pages.json first.`;
  return problems;
}
