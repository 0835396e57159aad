/** Every schema file under schemas/, keyed by its path inside that folder ("blocks/hero.schema.json"). */
import { schemaTexts } from 'virtual:schema-texts';
import type { JsonSchema, Located, SchemaFiles } from './schema-model';

export const schemaFiles: SchemaFiles = Object.fromEntries(Object.entries(schemaTexts).map(([file, text]) => [file, JSON.parse(text) as JsonSchema]));

export const pageSchema: Located = { schema: schemaFiles['page.schema.json']!, file: 'page.schema.json' };

/** The schema of one block entry ({ type, id, props }) of `type`, from the generated block.schema.json. */
export function entrySchema(type: string): Located | undefined {
  const schema = schemaFiles['block.schema.json']?.$defs?.[type];
  return schema ? { schema, file: 'block.schema.json' } : undefined;
}

export function propsSchema(type: string): Located | undefined {
  const file = `blocks/${type}.schema.json`;
  const schema = schemaFiles[file];
  return schema ? { schema, file } : undefined;
}

export const blockTypes = Object.keys(schemaFiles)
  .filter((f) => f.startsWith('blocks/'))
  .map((f) => f.slice('blocks/'.length, -'.schema.json'.length))
  .sort();
