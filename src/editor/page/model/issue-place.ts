/**
 * Where a problem of the content check is, in the words the editor shows: "Page opening (block 1) › Heading",
 * "Site header › Button › Link", "Shared section “testimonials” › Testimonial 2 › Quote", through plain-place.ts.
 */
import { labelsAlong, placeText } from '../../shared/plain-place';
import { pageSchema, entrySchema, schemaFiles } from '../../shared/schemas';
import { blockName } from '../../shared/block-identity';
import type { JsonPath } from './json-path';
import type { Root } from './editor-store';

const sitePlace = { schema: schemaFiles['pages.schema.json'] ?? {}, file: 'pages.schema.json' };

/** The labels along a block entry of pages.json (the header, the footer, a fragment) after its own name. */
function entryLabels(name: string, entry: unknown, rest: JsonPath): string[] {
  const located = entrySchema(blockName(entry).type);
  return [name, ...(located ? labelsAlong(schemaFiles, located, entry, rest) : rest.map(String))];
}

export function issuePlace(doc: Root, path: JsonPath | undefined): string {
  if (!path || path.length === 0) return '';
  const [part, ...inside] = path;
  if (part === 'page') {
    const labels = labelsAlong(schemaFiles, pageSchema, doc.page, inside);
    return placeText(inside[0] === 'blocks' && inside.length > 1 ? labels : ['Page settings', ...labels]);
  }
  const site = doc.site as { layout?: Record<string, unknown>; fragments?: Record<string, unknown> };
  const [group, name, ...rest] = inside;
  if (group === 'layout' && (name === 'header' || name === 'footer')) return placeText(entryLabels(`Site ${name}`, site.layout?.[name], rest));
  if (group === 'fragments' && typeof name === 'string') return placeText(entryLabels(`Shared section “${name}”`, site.fragments?.[name], rest));
  return placeText(['Site settings', ...labelsAlong(schemaFiles, sitePlace, doc.site, inside)]);
}
