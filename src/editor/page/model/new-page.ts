/**
 * A new page as the editor creates it: the document (its $schema, title and description, the opening block that
 * repeats them, and the closing fragment when pages.json has one: which blocks those are, their schemas say, as
 * "x-new-page") and pages.json with its route added. Pure, so the form can check the very documents it would save.
 */
import type { Doc } from './editor-store';
import { pageFileOf } from '../../shared/editor-contract';
import { isPageName } from '../../../model/page-name';
import type { SiteValue } from './site-store';
import type { NewPageRole, NewPageValue } from '../../../model/new-page-role';
import { blockTypes, propsSchema } from '../../shared/schemas';

export interface NewPageInput {
  name: string;
  path: string;
  title: string;
  description: string;
}

/** Block type → its part in a new page. */
export type NewPageRoles = ReadonlyMap<string, NewPageRole>;

/** The parts the block schemas give their blocks in a new page ("x-new-page"). */
export function newPageRoles(): NewPageRoles {
  return new Map(
    blockTypes.flatMap((type) => {
      const role = propsSchema(type)?.schema['x-new-page'] as NewPageRole | undefined;
      return role ? [[type, role] as const] : [];
    }),
  );
}

export function newPageDocument(input: NewPageInput, site: SiteValue, roles: NewPageRoles): Doc {
  const values: Record<NewPageValue, string> = { heading: input.title.split('|')[0]!.trim() || input.title, description: input.description };
  const blocks: unknown[] = [];
  for (const [type, role] of roles) {
    if (role.place === 'first') {
      const props = Object.fromEntries(Object.entries(role.props).flatMap(([prop, value]) => (values[value] ? [[prop, values[value]]] : [])));
      blocks.unshift({ type, id: role.id, props });
    } else {
      const fragment = Object.entries(site.fragments ?? {}).find(([, block]) => (block as { type?: unknown } | null)?.type === type)?.[0];
      if (fragment !== undefined) blocks.push({ fragment });
    }
  }
  return { $schema: '../schemas/page.schema.json', title: input.title, description: input.description, blocks };
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
