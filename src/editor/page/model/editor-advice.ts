/**
 * The content check speaks to people who edit the files (`npm run validate`): "use a path from "routes" in
 * pages.json". In the editor the same problem says what to do here instead. Each rewrite names the sentence of
 * the check it replaces; a message none of them matches is shown as the check wrote it.
 */
import type { EditorIssue } from '../../shared/editor-contract';
import { blockTitle } from '../../shared/plain-place';
import { schemaFiles } from '../../shared/schemas';

const REWRITES: ReadonlyArray<readonly [RegExp, string]> = [
  // integrity.ts, broken-link
  [/\. Use a path from "routes" in pages\.json\.$/, ". Choose one of the site's paths: the Link field suggests them as you type."],
  // integrity.ts, missing-fragment
  [/^there is no fragment "([^"]+)" in pages\.json/, 'there is no shared section "$1"'],
  [/; defined: (.*)$/, '; the shared sections are: $1. Remove this block and add one from Add block.'],
  // integrity.ts, unused-page
  [/^no route in pages\.json shows this page\. .*$/, 'no address shows this page, so visitors cannot reach it. Ask a developer to give it a route, or to delete the page.'],
  // placement.ts
  [/ of pages\.json\.$/, ' of the site on its own.'],
  // redirect-chains.ts
  [/ a path listed in "routes"\.$/, " the path of one of the site's pages."],
];

/** "blocks[0] (page-hero)", as the check names a block (page-heading.ts), → "Page opening (block 1)". */
const BLOCK_PATH = /\bblocks\[(\d+)\] \(([a-z0-9-]+)\)/g;

export function editorMessage(issue: Pick<EditorIssue, 'message'>): string {
  const rewritten = REWRITES.reduce((message, [pattern, words]) => message.replace(pattern, words), issue.message);
  return rewritten.replace(BLOCK_PATH, (_, index: string, type: string) => `${blockTitle(schemaFiles, type)} (block ${Number(index) + 1})`);
}
