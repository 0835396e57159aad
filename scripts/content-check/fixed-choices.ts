/**
 * The message for a value that is not one of a schema's fixed choices ("enum"): the nearest choices first, and
 * the whole list only when it is short; a long one (the 60 icon names) is named by where to find it.
 */
import { nearestWords } from './did-you-mean.ts';
import { pluralWords } from './expected-shape.ts';

/** Lists up to this long are written out in the message. */
const longestListed = 8;
/** How many near choices a long list suggests. */
const suggestions = 3;

export interface ChoiceList {
  values: readonly unknown[];
  /** The schema's "title" ("IconName"), which names the choices ("icon names"). */
  title?: string;
  /** The schema file that lists them, relative to the project ("schemas/defs/icon-name.schema.json"). */
  file?: string;
}

export function notAChoiceMessage(value: unknown, choices: ChoiceList): string {
  const { values } = choices;
  const short = values.length <= longestListed;
  const words = values.filter((v): v is string => typeof v === 'string');
  const near = typeof value === 'string' ? nearestWords(value, words, short ? 1 : suggestions) : [];
  const guess = near.length > 0 ? ` — did you mean ${oneOf(near.map((v) => JSON.stringify(v)))}?` : '';
  if (short) return `must be one of ${values.map((v) => JSON.stringify(v)).join(', ')}, not ${JSON.stringify(value)}${guess}`;
  const name = choices.title ? pluralWords(choices.title) : 'allowed values';
  const where = choices.file ? `the "enum" of ${choices.file}` : 'the schema';
  return `must be one of the ${values.length} ${name}, not ${JSON.stringify(value)}${guess || '.'} All ${values.length} are listed in ${where}, and the page editor (npm run dev, then /__edit) offers them in a menu.`;
}

/** '"a"', '"a" or "b"', '"a", "b" or "c"'. */
function oneOf(items: string[]): string {
  return items.length === 1 ? items[0]! : `${items.slice(0, -1).join(', ')} or ${items.at(-1)!}`;
}
