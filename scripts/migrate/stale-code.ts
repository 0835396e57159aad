/**
 * After a migration, the code still written for the old props. TypeScript checks the project as `npm run
 * typecheck` does, against the prop types just regenerated from the schemas, and each error becomes a line for
 * people: where, which prop the code still reads (or a test still writes), and its new name when the migration
 * renamed it.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import ts from 'typescript';
import { declaredNames } from '../gen-types/merge-numbered-copies.ts';

export interface MigratedType {
  type: string;
  /** Old property name → its new name, or null when the migration removed it. */
  keys: ReadonlyMap<string, string | null>;
}

/** TypeScript's words for a property the type does not have (TS2339, TS2551, TS2353, TS2561). */
const unknownProperty = /'([^']+)' does not exist (?:on|in) type '([^']+)'/;

/** One line per type error in the project, file:line:col first; empty when it type-checks. */
export async function staleCode(root: string, migrated: MigratedType[]): Promise<string[]> {
  const owners = await typeOwners(root, migrated);
  const lines: string[] = [];
  for (const diagnostic of typeErrors(root)) {
    const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ');
    if (!diagnostic.file || diagnostic.start === undefined) {
      lines.push(`tsconfig.json  ${message}`);
      continue;
    }
    const file = path.relative(root, diagnostic.file.fileName).split(path.sep).join('/');
    const at = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start);
    const where = `${file}:${at.line + 1}:${at.character + 1}`;
    const found = unknownProperty.exec(message);
    const owner = found && (ownerOfTypeText(owners, found[2]!) ?? migrated.find((m) => file.startsWith(`blocks/${m.type}/`)));
    if (!found || !owner) {
      lines.push(`${where}  does not type-check: ${message}`);
      continue;
    }
    const prop = found[1]!;
    const [verb, infinitive] = message.startsWith('Object literal') ? ['writes', 'write'] : ['reads', 'read'];
    const what = /\.test\.tsx?$/.test(file) ? 'test' : file.startsWith('blocks/') ? 'component' : 'code';
    const becomes = owner.keys.get(prop);
    const todo = becomes
      ? `update the ${what} to ${infinitive} \`${becomes}\``
      : becomes === null
        ? `the migration removed it: update the ${what} to do without it`
        : `update the ${what} to the props the schema describes (src/generated/blocks/${owner.type}.ts)`;
    lines.push(`${where}  ${verb} \`${prop}\`, which schemas/blocks/${owner.type}.schema.json no longer has: ${todo}.`);
  }
  return lines;
}

/** Each migrated type with the type names its generated file declares (BannerProps, and any item types). */
async function typeOwners(root: string, migrated: MigratedType[]): Promise<Array<{ names: string[]; owner: MigratedType }>> {
  return Promise.all(
    migrated.map(async (owner) => {
      const source = await readFile(path.join(root, 'src/generated/blocks', `${owner.type}.ts`), 'utf8').catch(() => '');
      return { names: declaredNames(source), owner };
    }),
  );
}

/** The migrated type whose declaration the error's type text names ("Partial<BannerProps>" names BannerProps). */
function ownerOfTypeText(owners: Array<{ names: string[]; owner: MigratedType }>, typeText: string): MigratedType | undefined {
  return owners.find(({ names }) => names.some((name) => new RegExp(`\\b${name}\\b`).test(typeText)))?.owner;
}

/** The errors `tsc --noEmit -p tsconfig.json` prints, as TypeScript's diagnostics. */
function typeErrors(root: string): readonly ts.Diagnostic[] {
  const configFile = path.join(root, 'tsconfig.json');
  const read = ts.readConfigFile(configFile, ts.sys.readFile);
  if (read.error) return [read.error];
  const config = ts.parseJsonConfigFileContent(read.config, ts.sys, root, undefined, configFile);
  if (config.errors.length > 0) return config.errors;
  const program = ts.createProgram({ rootNames: config.fileNames, options: config.options, projectReferences: config.projectReferences });
  return ts.getPreEmitDiagnostics(program).filter((d) => d.category === ts.DiagnosticCategory.Error);
}
