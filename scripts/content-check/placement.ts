/**
 * Where a block may be used: each block schema lists its places in "x-placement" (the editor's block catalogue
 * reads the same list). A header in the middle of a page, or a banner as the footer, renders without an error,
 * so only this check catches it. A fragment is a block edited once: the layout and the fragments themselves hold
 * blocks, never another fragment, and that is said in those words, not as the schema's missing "type".
 */
import type { Finding, JsonPath } from './schema-validator.ts';
import { isRecord } from './records.ts';

export const placements = ['page', 'layout.header', 'layout.footer', 'fragment'] as const;
export type Placement = (typeof placements)[number];

/** What the check reads of the schemas (a SchemaValidator has both). */
export interface BlockPlacements {
  blockTypes: readonly string[];
  placementOf(type: string): readonly Placement[] | undefined;
}

const asPlace: Record<Placement, string> = {
  page: "in a page's blocks",
  'layout.header': 'as layout.header',
  'layout.footer': 'as layout.footer',
  fragment: 'as a fragment',
};

interface Slot {
  path: JsonPath;
  place: Placement;
  /** The slot in words, as the message says where the block is. */
  here: string;
}

/** Every block slot of a document, with its place. */
function slotsOf(value: unknown, file: string, isSiteConfig: boolean): Slot[] {
  if (!isRecord(value)) return [];
  if (!isSiteConfig) return (Array.isArray(value.blocks) ? value.blocks : []).map((_, i) => ({ path: ['blocks', i], place: 'page' as const, here: `in the blocks of ${file}` }));
  const layout = isRecord(value.layout) ? value.layout : {};
  const fragments = isRecord(value.fragments) ? value.fragments : {};
  return [
    ...(['header', 'footer'] as const).filter((slot) => slot in layout).map((slot) => ({ path: ['layout', slot], place: `layout.${slot}` as const, here: `layout.${slot} of ${file}` })),
    ...Object.keys(fragments).map((name) => ({ path: ['fragments', name], place: 'fragment' as const, here: `the fragment "${name}" of ${file}` })),
  ];
}

/**
 * The placement findings of a document, and the schema findings they replace: a fragment reference where a block
 * belongs fails the block schema in several ways (no "type", an unknown "fragment"), all said better by one finding.
 */
export function checkPlacement(value: unknown, file: string, isSiteConfig: boolean, schemas: BlockPlacements, schemaFindings: Finding[]): Finding[] {
  const findings: Finding[] = [];
  const replaced: JsonPath[] = [];
  const slots = slotsOf(value, file, isSiteConfig);
  for (const slot of slots) {
    const entry = (value as Record<string, Record<string | number, unknown>>)[slot.path[0]!]![slot.path[1]!];
    if (!isRecord(entry)) continue;
    if (typeof entry.fragment === 'string' && slot.place !== 'page') {
      replaced.push(slot.path);
      findings.push({ path: [...slot.path, 'fragment'], rule: 'placement', message: fragmentHereMessage(slot, entry.fragment, blocksFor(slot.place, schemas)) });
      continue;
    }
    if (typeof entry.type !== 'string') continue;
    const allowed = schemas.placementOf(entry.type);
    if (!allowed || allowed.includes(slot.place)) continue;
    findings.push({
      path: [...slot.path, 'type'],
      rule: 'placement',
      message: `${entry.type} may be used only ${allowed.map((p) => asPlace[p]).join(' or ')}; it is ${slot.here}. ${blockTodo(slot, allowed, blocksFor(slot.place, schemas))}`,
    });
  }
  const under = (path: JsonPath, prefix: JsonPath) => prefix.every((segment, i) => path[i] === segment);
  return [...schemaFindings.filter((f) => !replaced.some((prefix) => under(f.path, prefix))), ...findings];
}

/** The block types made for a place, for the message ("layout.footer takes site-footer"). */
function blocksFor(place: Placement, schemas: BlockPlacements): string[] {
  return schemas.blockTypes.filter((type) => schemas.placementOf(type)?.includes(place));
}

function blockTodo(slot: Slot, allowed: readonly Placement[], madeForHere: string[]): string {
  if (slot.place === 'page' && allowed.every((p) => p.startsWith('layout.'))) return `Remove it: every page already shows ${allowed.join(' and ')} of pages.json.`;
  const move = allowed.includes('page') ? 'Move it into a page\'s "blocks"' : `Move it to ${allowed.join(' or ')}`;
  const instead = slot.place.startsWith('layout.') ? `, and put a block made for ${slot.place} here${madeForHere.length ? ` (${madeForHere.join(', ')})` : ''}` : '';
  return `${move}${instead}.`;
}

function fragmentHereMessage(slot: Slot, name: string, madeForHere: string[]): string {
  const block = '{ "type": …, "props": … }';
  if (slot.place === 'fragment') {
    const self = slot.path[1] === name ? ' (here it names itself)' : '';
    return `a fragment cannot insert another fragment${self}: ${slot.path.join('.')} must be a block, ${block}. ${self ? 'Write the block here.' : `Copy the block of "${name}" here, or let the pages insert "${name}" themselves.`}`;
  }
  return `a fragment cannot be used in the layout: ${slot.place} must be a block, ${block}${madeForHere.length ? `, such as ${madeForHere.join(', ')}` : ''}. Write the block here instead of { "fragment": "${name}" }.`;
}
