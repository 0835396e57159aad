/**
 * Three-way merge of two edits of one JSON document: the version both started from (`base`), the editor's
 * (`mine`) and the one now on disk (`theirs`). What only one side changed is taken from it; only a value both
 * sides changed differently is a conflict. Lists whose items all carry an identity (a block's `id`, a fragment
 * reference's name) are merged by it, not by place, so a block moved on one side and edited on the other keeps
 * both changes. Other lists merge item by item when no side changed their length, and are one value otherwise.
 *
 * A conflict keeps the editor's value until `choices` (by the conflict's `key`) says to take the disk's.
 */
import { sameValue } from '../../shared/same-value';

export type MergeSegment = string | number;
type Json = unknown;
type JsonObject = Record<string, Json>;

export interface MergeConflict {
  /** Stable across merges of the same three versions: list items are named by identity ("#hero"), not place. */
  key: string;
  /** Where the value is in the merged document (the list's path when the editor's side removed the item). */
  path: MergeSegment[];
  base: Json;
  mine: Json;
  theirs: Json;
}

/** A change the disk made that the merge took: where it is in the merged document (an item removed: its list). */
export interface MergeChange {
  key: string;
  path: MergeSegment[];
}

export interface MergeResult<T> {
  merged: T;
  conflicts: MergeConflict[];
  /** Where the disk's changes were taken: what to tell the editor came in. */
  incoming: MergeChange[];
}

export type MergeChoices = ReadonlyMap<string, 'mine' | 'theirs'>;

const isObject = (value: Json): value is JsonObject => value !== null && typeof value === 'object' && !Array.isArray(value);

/** An item's identity in a list: its `id`, or for a fragment reference the fragment's name. */
function identityOf(item: Json): string | undefined {
  if (!isObject(item)) return undefined;
  if (typeof item.id === 'string' && item.id !== '') return `#${item.id}`;
  if (typeof item.fragment === 'string') return `fragment:${item.fragment}`;
  return undefined;
}

/** The items by identity, or undefined when one has none or two share one. */
function byIdentity(list: Json[]): Map<string, Json> | undefined {
  const items = new Map<string, Json>();
  for (const item of list) {
    const identity = identityOf(item);
    if (identity === undefined || items.has(identity)) return undefined;
    items.set(identity, item);
  }
  return items;
}

class Merger {
  readonly conflicts: MergeConflict[] = [];
  readonly incoming: MergeChange[] = [];
  constructor(private readonly choices: MergeChoices) {}

  value(base: Json, mine: Json, theirs: Json, path: MergeSegment[], key: string): Json {
    if (sameValue(mine, theirs) || sameValue(base, theirs)) return mine;
    const mineChanged = !sameValue(base, mine);
    // Walked into even when only the disk changed it, so what came in is told field by field.
    const merged = this.parts(base, mine, theirs, path, key);
    if (!mineChanged) {
      if (merged === undefined) this.incoming.push({ key, path });
      return theirs;
    }
    return merged === undefined ? this.conflict(base, mine, theirs, path, key) : merged;
  }

  /** Both sides' changes merged part by part, or undefined when the value has no parts both sides share. */
  private parts(base: Json, mine: Json, theirs: Json, path: MergeSegment[], key: string): Json {
    if (isObject(mine) && isObject(theirs)) return this.object(isObject(base) ? base : {}, mine, theirs, path, key);
    if (!Array.isArray(mine) || !Array.isArray(theirs)) return undefined;
    const baseList = Array.isArray(base) ? base : [];
    const keyed = [byIdentity(baseList), byIdentity(mine), byIdentity(theirs)];
    if (keyed.every(Boolean)) return this.keyedList(baseList, mine, theirs, keyed as Array<Map<string, Json>>, path, key);
    if (baseList.length === mine.length && mine.length === theirs.length) return mine.map((item, i) => this.value(baseList[i], item, theirs[i], [...path, i], `${key}/${i}`));
    return undefined;
  }

  private conflict(base: Json, mine: Json, theirs: Json, path: MergeSegment[], key: string): Json {
    this.conflicts.push({ key, path, base, mine, theirs });
    return this.choices.get(key) === 'theirs' ? theirs : mine;
  }

  private object(base: JsonObject, mine: JsonObject, theirs: JsonObject, path: MergeSegment[], key: string): JsonObject {
    const merged: JsonObject = {};
    // The editor's key order first, then what only the disk has: the file keeps the order its lines have.
    const names = [...new Set([...Object.keys(mine), ...Object.keys(theirs)])];
    for (const name of names) {
      const value = this.value(base[name], mine[name], theirs[name], [...path, name], `${key}/${name}`);
      if (value !== undefined) merged[name] = value;
    }
    return merged;
  }

  private keyedList(base: Json[], mine: Json[], theirs: Json[], [baseItems, mineItems, theirItems]: Array<Map<string, Json>>, path: MergeSegment[], key: string): Json[] {
    const order = this.order(base, mine, theirs, [baseItems!, mineItems!, theirItems!], path, key);
    const merged: Json[] = [];
    for (const identity of order) {
      const [mineItem, theirItem] = [mineItems!.get(identity), theirItems!.get(identity)];
      const baseItem = baseItems!.get(identity);
      // An item one side removed has no place of its own: a conflict over it points at the list. One the disk
      // added has its place in the merged list.
      const oneSided = (mineItem === undefined) !== (theirItem === undefined) && (mineItem !== undefined || baseItem !== undefined);
      const item = this.value(baseItem, mineItem, theirItem, oneSided ? path : [...path, merged.length], `${key}/${identity}`);
      if (item !== undefined) merged.push(item);
    }
    return merged;
  }

  /**
   * The items' order: the side that moved items gives it, and each item the other side added follows the item
   * it followed there. Both sides moving items differently is a conflict of the list's order.
   */
  private order(base: Json[], mine: Json[], theirs: Json[], [baseItems, mineItems, theirItems]: Array<Map<string, Json>>, path: MergeSegment[], key: string): string[] {
    const ids = (list: Json[]) => list.map((item) => identityOf(item)!);
    const [baseOrder, mineOrder, theirOrder] = [ids(base), ids(mine), ids(theirs)];
    const moved = (side: string[], sideItems: Map<string, Json>) =>
      !sameValue(
        side.filter((id) => baseItems!.has(id)),
        baseOrder.filter((id) => sideItems.has(id)),
      );
    const mineMoved = moved(mineOrder, mineItems!);
    const theirsMoved = moved(theirOrder, theirItems!);
    let leader = mineOrder;
    let follower = theirOrder;
    if (theirsMoved && !mineMoved) {
      [leader, follower] = [theirOrder, mineOrder];
      this.incoming.push({ key: `${key}/order`, path });
    } else if (theirsMoved && mineMoved) {
      const common = (side: string[], other: Map<string, Json>) => side.filter((id) => other.has(id) && baseItems!.has(id));
      if (!sameValue(common(mineOrder, theirItems!), common(theirOrder, mineItems!)) && this.conflict(baseOrder, mineOrder, theirOrder, path, `${key}/order`) === theirOrder) {
        [leader, follower] = [theirOrder, mineOrder];
      }
    }
    const order = [...leader];
    follower.forEach((id, i) => {
      if (order.includes(id)) return;
      const before = follower
        .slice(0, i)
        .reverse()
        .find((earlier) => order.includes(earlier));
      order.splice(before === undefined ? 0 : order.indexOf(before) + 1, 0, id);
    });
    return order;
  }
}

export function mergeThreeWay<T>(base: T, mine: T, theirs: T, choices: MergeChoices = new Map()): MergeResult<T> {
  const merger = new Merger(choices);
  const merged = merger.value(base, mine, theirs, [], '') as T;
  return { merged, conflicts: merger.conflicts, incoming: merger.incoming };
}
