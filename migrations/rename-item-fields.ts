/**
 * For migrations: renames fields of the items of a list prop, each keeping its place in the item. An item
 * that already has the new field keeps both as they are (the schema check after the migration names the
 * leftover), so content already in the new shape passes through unchanged. Migrations are history: never
 * change what this does; write a new helper instead.
 */
type Props = Record<string, unknown>;

export function renameItemFields(props: Props, list: string, renames: Readonly<Record<string, string>>): Props {
  const items = props[list];
  if (!Array.isArray(items)) return props;
  return { ...props, [list]: items.map((item: unknown) => renameFields(item, renames)) };
}

function renameFields(item: unknown, renames: Readonly<Record<string, string>>): unknown {
  if (item === null || typeof item !== 'object' || Array.isArray(item)) return item;
  const fields = item as Props;
  return Object.fromEntries(
    Object.entries(fields).map(([key, value]) => {
      const to = Object.hasOwn(renames, key) ? renames[key]! : undefined;
      return to !== undefined && !Object.hasOwn(fields, to) ? [to, value] : [key, value];
    }),
  );
}
