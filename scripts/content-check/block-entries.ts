/** Every block entry of a content document with its path: a page's blocks, and the layout and fragments of pages.json. */
import type { JsonPath } from './schema-validator.ts';
import { isRecord } from './records.ts';

export interface BlockAt {
  /** Path of the entry ({ type, id, props }) inside its document. */
  path: JsonPath;
  type: string;
  props: unknown;
}

export function blockEntries(value: unknown, isSiteConfig: boolean): BlockAt[] {
  if (!isRecord(value)) return [];
  const slots: Array<[JsonPath, unknown]> = isSiteConfig
    ? (['layout', 'fragments'] as const).flatMap((group) => Object.entries(isRecord(value[group]) ? value[group] : {}).map(([name, entry]): [JsonPath, unknown] => [[group, name], entry]))
    : (Array.isArray(value.blocks) ? value.blocks : []).map((entry, i): [JsonPath, unknown] => [['blocks', i], entry]);
  // Fragment references ({ "fragment": "<name>" }) have no type: their block is counted once, in pages.json.
  return slots.flatMap(([path, entry]) => (isRecord(entry) && typeof entry.type === 'string' ? [{ path, type: entry.type, props: entry.props }] : []));
}
