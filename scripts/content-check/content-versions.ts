/**
 * Content behind its schema: a block type whose schema is at a higher "x-version" than the version recorded in
 * content-versions.json, with blocks of that type in the content, has not been migrated yet. One issue per type,
 * at its first block, naming both versions and `npm run migrate`.
 */
import type { ContentIssue } from './issue.ts';
import { blockEntries } from './block-entries.ts';
import { issueAt, type LoadedDocument } from './document.ts';
import { readRecordedVersions, readSchemaVersions, recordedVersion, versionKeyword, versionsFile, versionsMismatches } from './versions-file.ts';

interface Input {
  root: string;
  site: LoadedDocument;
  pages: LoadedDocument[];
}

/** The issues, and whether every block type's content is at its schema's version (then no page can be behind). */
export async function checkContentVersions({ root, site, pages }: Input): Promise<{ issues: ContentIssue[]; current: boolean }> {
  const [schemas, recorded] = await Promise.all([readSchemaVersions(root), readRecordedVersions(root)]);
  const issues = [...recorded.issues, ...versionsMismatches(recorded, schemas)];

  const behind = new Map<string, { first: { doc: LoadedDocument; path: Array<string | number> }; blocks: number; files: Set<string> }>();
  // Usually every type is up to date, and then no block needs a look.
  const upToDate = [...schemas].every(([type, schema]) => recordedVersion(recorded, type) >= schema.version);
  for (const doc of upToDate ? [] : [site, ...pages]) {
    // pages.json's blocks from its value; a page's from its facts, so a page is parsed again only if it is behind.
    const entries = doc === site ? blockEntries(doc.value, true) : doc.facts.blocks.flatMap((b, i) => (b.type === undefined ? [] : [{ path: ['blocks', i], type: b.type }]));
    for (const block of entries) {
      const schema = schemas.get(block.type);
      if (!schema || recordedVersion(recorded, block.type) >= schema.version) continue;
      const seen = behind.get(block.type) ?? { first: { doc, path: block.path }, blocks: 0, files: new Set<string>() };
      seen.blocks++;
      seen.files.add(doc.file);
      behind.set(block.type, seen);
    }
  }
  for (const [type, { first, blocks, files }] of behind) {
    const schema = schemas.get(type)!;
    const at = recordedVersion(recorded, type);
    const count = `${blocks} block${blocks === 1 ? '' : 's'} in ${files.size} file${files.size === 1 ? '' : 's'}`;
    const message =
      `${type} content is at version ${at} (${versionsFile}) but ${schema.file} is at "${versionKeyword}": ${schema.version}; ` +
      `${count} still use${blocks === 1 ? 's' : ''} the old props. Run npm run migrate to carry them forward (npm run migrate -- --dry-run shows the changes first).`;
    issues.push(issueAt(first.doc, first.path, 'content-version', message, { key: 'type' }));
  }
  return { issues, current: upToDate };
}
