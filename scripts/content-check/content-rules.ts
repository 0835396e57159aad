/**
 * Every rule of the content check: its id (what `--json`, the GitHub annotations and the editor carry), a title,
 * what it reports and what to do. An issue's `rule` is one of these ids, so an id cannot be misspelt in one place;
 * docs/content-errors.md is generated from this list by `npm run gen:types`.
 */
export interface ContentRule {
  title: string;
  /** What the rule reports, in general; each issue's own message names the file, the value and the fix. */
  message: string;
  hint: string;
}

export const contentRules = {
  read: { title: 'Unreadable file', message: 'A content file cannot be read.', hint: 'Check that the file exists and is readable.' },
  'json-syntax': { title: 'JSON syntax', message: 'The file is not valid JSON at the line and column given.', hint: 'Fix the character named; a trailing comma or a missing quote is the usual cause.' },
  'duplicate-key': { title: 'Duplicate property', message: 'A property appears twice in the same object; only the last one counts.', hint: 'Remove one of the two.' },
  'schema-file': { title: 'Invalid schema', message: 'A schema under schemas/ cannot be compiled.', hint: 'Fix the schema, then run npm run gen:types.' },
  schema: { title: 'Schema', message: 'A value breaks its block or page schema: a missing property, a wrong type, a value out of range.', hint: 'Change the value as the message says; the schema in schemas/ describes every property.' },
  'schema-example': { title: 'Schema example', message: "One of a schema's own examples breaks the schema.", hint: 'Fix the example in the schema file; npm run migrate carries examples forward with the content.' },
  'unknown-block-type': { title: 'Unknown block type', message: 'A block names a type that has no schema.', hint: 'Use one of the types listed, or add the block with npm run new:block.' },
  placement: { title: 'Block placement', message: 'A block is used where its schema\'s "x-placement" does not allow it (the header, the footer, a fragment, a page).', hint: 'Move the block, or use one of the blocks allowed here.' },
  'page-heading': {
    title: 'One h1 a page',
    message: 'A page shows more than one block that carries its h1 (a schema with "x-page-heading": the hero, the page hero, the article), counting the fragments it inserts.',
    hint: 'Keep one of them; for a second band, use a block whose heading is an h2 (a closing banner, who-we-are).',
  },
  'placeholder-text': {
    title: 'Placeholder text',
    message: 'A field still holds the placeholder a new block starts with in the editor: its label in brackets ("[Heading — replace this text]") or the "Choose a picture" illustration (a warning).',
    hint: 'Write the real text, or choose the picture; remove the block if it is not wanted.',
  },
  'image-path': { title: 'Picture path', message: 'A picture is not given as a path under public/.', hint: 'Write the path as the site serves it, starting with "/".' },
  'missing-image': { title: 'Missing picture', message: 'A picture path names no file under public/.', hint: 'Add the file, or correct the path.' },
  'picture-file': { title: 'Unreadable picture', message: 'A file under public/ that a page uses as a picture cannot be read as one.', hint: 'Export it again as a JPEG (photographs) or PNG (screenshots).' },
  'picture-size': { title: 'Picture size', message: 'The "width" and "height" written beside a picture differ from the file\'s own.', hint: "Write the numbers the message gives; they keep the picture's space while it loads." },
  'picture-too-small': { title: 'Picture too small', message: 'A picture is narrower than twice the width its block shows it at, so it looks soft on sharp screens (a warning).', hint: 'Use a wider file; the message gives the width.' },
  'picture-file-large': {
    title: 'Large picture file',
    message: 'A picture file is over 5 MB (a warning): visitors get small variants, but every build and the repository carry it.',
    hint: 'Export it at about 2400 pixels wide and 85 % JPEG quality.',
  },
  'picture-alt': {
    title: 'Picture description (alt)',
    message: 'A picture\'s "alt" is missing, empty, only spaces or a file name, so people who cannot see it learn nothing; or a picture is marked decorative where its block does not allow it, or keeps an alt nobody hears.',
    hint: 'Write in "alt" what the picture shows, in a short sentence; a picture that only decorates (an icon beside its title) gets "decorative": true instead, where its block allows it.',
  },
  'link-form': { title: 'Link form', message: 'A link is not one a browser can follow: a mailto: address, tel: digits or an https:// address in the wrong form.', hint: 'Use the corrected link the message gives.' },
  'broken-link': { title: 'Broken link', message: 'A link to a path of the site matches no route or redirect.', hint: 'Use a path from "routes" in pages.json.' },
  'broken-anchor': { title: 'Broken anchor', message: 'A link points at an id that no block on its page has.', hint: 'Use the id of a block on that page.' },
  'unknown-article': {
    title: 'Link to an unknown article',
    message: "A link leads to a blog article that the blog API's list does not have (a warning: the articles change outside this repository).",
    hint: 'Use the article slug the message suggests, or one from the list of articles.',
  },
  'article-links-skipped': {
    title: 'Article links not checked',
    message: 'The links to blog articles could not be checked (a warning): the blog API did not answer at check time. Said once, for all of them.',
    hint: 'Check those articles by hand, or run the check where the blog API answers.',
  },
  'duplicate-route': { title: 'Duplicate route', message: 'Two routes have the same path.', hint: 'Remove one of the two.' },
  'missing-page': { title: 'Missing page', message: 'A route (or the 404 page) names a page document that does not exist.', hint: 'Create pages/<name>.json, or correct the name.' },
  'unused-page': { title: 'Unused page', message: 'No route shows this page document (a warning).', hint: 'Add a route for it, or delete the file.' },
  'missing-fragment': { title: 'Missing fragment', message: 'A page uses a fragment that pages.json does not define.', hint: 'Use one of the fragments defined, or define it.' },
  'duplicate-id': { title: 'Duplicate block id', message: 'Two blocks on a page share an id; ids are anchors and must be unique.', hint: 'Rename one.' },
  'duplicate-title': { title: 'Duplicate title', message: 'Two pages have the same title; each needs its own in search results.', hint: 'Rewrite one of them.' },
  'duplicate-description': { title: 'Duplicate description', message: 'Two pages have the same description; each needs its own in search results.', hint: 'Rewrite one of them.' },
  'redirect-shadowed': { title: 'Redirect never applies', message: 'A redirect starts at a path that is also a route.', hint: 'Remove the route or the redirect.' },
  'redirect-chain': { title: 'Chain of redirects', message: 'A redirect leads to another redirect (a warning: visitors are sent straight to the end).', hint: 'Point the redirect at the end of the chain.' },
  'redirect-loop': { title: 'Redirect loop', message: 'Redirects lead round in a loop; a visitor would never arrive.', hint: 'Point one of them at a path listed in "routes".' },
  'broken-redirect': { title: 'Broken redirect', message: 'A redirect leads to a path that is not a route.', hint: 'Point it at a path listed in "routes".' },
  'published-url': { title: 'Published path gone', message: 'A path that was published at the given git ref has neither a route nor a redirect now, so links to it from outside break.', hint: 'Add a redirect to the nearest route.' },
  'published-urls-skipped': { title: 'Published paths not checked', message: 'The check of published paths could not run (a warning): no git, or no such ref.', hint: 'Run it where the repository and the ref are available.' },
  'content-version': { title: 'Content behind its schema', message: 'Blocks still use the props of an older version of their schema.', hint: 'Run npm run migrate (npm run migrate -- --dry-run shows the changes first).' },
  migrate: {
    title: 'Migration failed',
    message: 'npm run migrate could not carry a block forward: a migration threw, or its result breaks the schema. Nothing was written.',
    hint: 'Fix the migration in migrations/<type>/, or the content it names, then run npm run migrate again.',
  },
  'content-versions-file': { title: 'content-versions.json', message: 'content-versions.json, which npm run migrate writes, is broken or disagrees with the schemas.', hint: 'Restore it from version control.' },
} as const satisfies Record<string, ContentRule>;

export type ContentRuleId = keyof typeof contentRules;

/** docs/content-errors.md: every rule, by id. */
export function contentRulesMarkdown(): string {
  const rows = (Object.entries(contentRules) as Array<[ContentRuleId, ContentRule]>).map(([id, rule]) => `| \`${id}\` | ${rule.title} | ${rule.message} | ${rule.hint} |`);
  return [
    '<!-- GENERATED by `npm run gen:types` from scripts/content-check/content-rules.ts. Do not edit: change the catalogue and run the command again. -->',
    '# Content check: the rules',
    '',
    '`npm run validate` (and the build, the dev server and the editor) report each problem with the id of the rule',
    "that found it: in `--json` as `rule`, in `--format github` as the annotation's title.",
    '',
    '| id | rule | what it reports | what to do |',
    '|---|---|---|---|',
    ...rows,
    '',
  ].join('\n');
}
