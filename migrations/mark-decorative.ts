/**
 * For migrations: a picture of a list prop's items written with an empty alt ("alt": "", the old way of saying
 * "decorative") becomes { …, "decorative": true } without the alt, in the alt's place. A picture with any other
 * alt, or one already marked, is left as it is. Migrations are history: never change what this does; write a
 * new helper instead.
 */
type Props = Record<string, unknown>;

const isRecord = (value: unknown): value is Props => value !== null && typeof value === 'object' && !Array.isArray(value);

export function markEmptyAltDecorative(props: Props, list: string, field: string): Props {
  const items = props[list];
  if (!Array.isArray(items)) return props;
  return {
    ...props,
    [list]: items.map((item: unknown) => {
      if (!isRecord(item) || !isRecord(item[field]) || item[field].alt !== '') return item;
      const picture = Object.entries(item[field]).map(([key, value]): [string, unknown] => (key === 'alt' ? ['decorative', true] : [key, value]));
      return { ...item, [field]: Object.fromEntries(picture) };
    }),
  };
}
