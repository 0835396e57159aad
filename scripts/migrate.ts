/**
 * npm run migrate [-- --dry-run]
 * Carries the content forward to the block schemas' versions: runs migrations/<type>/<N>.ts on every block of
 * a type whose schema "x-version" is past the version recorded in content-versions.json, edits only the
 * properties that change, and records the new versions. Computes everything first: a problem writes nothing.
 * Then regenerates the types (npm run gen:types) and names the code that still reads the old props, so no page
 * renders without a renamed prop unnoticed.
 * Exit 0 when done (or nothing to do); 1 on a problem (nothing written), or when the content was migrated but
 * code no longer type-checks (update it; running migrate again has nothing left to do); 2 on a wrong command line.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { formatIssue } from './content-check/issue.ts';
import { versionsFile } from './content-check/versions-file.ts';
import { planMigration, writePlan } from './migrate/plan-migration.ts';
import { staleCode } from './migrate/stale-code.ts';

const HELP = `Usage: npm run migrate [-- --dry-run]

Runs the pending migrations (migrations/<type>/<N>.ts) on every block of each type whose schema's
"x-version" is past the version recorded in ${versionsFile}: in pages/*.json and in the layout and
fragments of pages.json. Only the properties that change are edited; then ${versionsFile} records
the new versions, so a second run changes nothing. Then it regenerates the types (npm run gen:types)
and names every file:line:col of code that still reads the old props, with the new name.
  --dry-run   print each property that would change (file:line) and write nothing
  --help      this text
Exit 0 when done, 1 on a problem (nothing written) or when code no longer type-checks after the
migration (the content is migrated: update the code it names), 2 for an unknown option.`;

function parseArgs(argv: string[]): { dryRun: boolean } {
  let dryRun = false;
  for (const arg of argv) {
    if (arg === '--help' || arg === '-h') {
      console.log(HELP);
      process.exit(0);
    } else if (arg === '--dry-run') dryRun = true;
    else {
      console.error(`migrate: unknown option "${arg}".\n\n${HELP}`);
      process.exit(2);
    }
  }
  return { dryRun };
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

async function main(): Promise<void> {
  const { dryRun } = parseArgs(process.argv.slice(2));
  const root = path.resolve(import.meta.dirname, '..');
  const plan = await planMigration(root);
  if (plan.problems.length > 0) {
    for (const problem of plan.problems) console.error(formatIssue(problem));
    console.error(`\nmigrate: ${plural(plan.problems.length, 'problem')} (file:line:col above). Nothing was written; fix them and run npm run migrate again.`);
    process.exit(1);
  }
  if (plan.pending.length === 0) {
    console.log(`The content is at every block schema's version (${versionsFile}): nothing to migrate.`);
    return;
  }
  for (const c of plan.changes) console.log(`${c.file}:${c.line}  ${c.where}: ${c.change}`);
  const steps = plan.pending.map((p) => `${p.type} ${p.from} → ${p.to} (${plural(p.blocks, 'block')} in ${plural(p.files, 'file')})`).join(', ');
  const files = plan.writes.size - 1; // the versions file is always written
  if (dryRun) {
    console.log(
      `\nDry run: ${steps}. ${plural(plan.changes.length, 'property', 'properties')} in ${plural(files, 'file')} would change, and ${versionsFile}. Nothing was written; run npm run migrate to apply (it then regenerates the types and names the code still reading the old props).`,
    );
    return;
  }
  await writePlan(root, plan);
  console.log(`\nMigrated ${steps}: ${plural(plan.changes.length, 'property', 'properties')} in ${plural(files, 'file')} changed; ${versionsFile} updated.\n`);

  // The same as npm run gen:types, in this Node with this loader: the components' prop types follow the schemas.
  const types = spawnSync(process.execPath, [...process.execArgv, path.join(root, 'scripts/gen-types.ts')], { cwd: root, stdio: 'inherit' });
  if (types.status !== 0) {
    console.error(`\nmigrate: the content is migrated, but npm run gen:types failed (above), so the types still describe the old props. Fix what it says and run npm run gen:types, then npm run typecheck.`);
    process.exit(1);
  }
  const stale = await staleCode(root, plan.pending);
  if (stale.length > 0) {
    for (const line of stale) console.error(line);
    console.error(
      `\nmigrate: the content is migrated, but ${plural(stale.length, 'place')} in the code still ${stale.length === 1 ? 'uses' : 'use'} the old props (TypeScript, file:line:col above): until ${stale.length === 1 ? 'it is' : 'they are'} updated, the pages render without those props. Update the code as each line says, then run npm run typecheck and the block's tests. Do not run npm run migrate again: it has nothing left to do.`,
    );
    process.exit(1);
  }
  console.log(`TypeScript finds no code still reading the old props. Run npm run validate, then commit the schema, the migrations, the content, ${versionsFile} and src/generated/ together.`);
}

main().catch((error: unknown) => {
  console.error(`migrate failed: ${error instanceof Error ? error.message : String(error)}. git status shows any file it changed (or left as *.migrating); restore those, then run npm run migrate again.`);
  process.exit(1);
});
