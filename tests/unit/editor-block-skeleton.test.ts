import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { blockSkeleton } from '../../src/editor/page/model/block-skeleton';
import { blockTypes, propsSchema } from '../../src/editor/shared/schemas';
import { holdsPlaceholder, PLACEHOLDER_PICTURE, placeholderText } from '../../src/editor/shared/placeholder-text';
import { createSchemaValidator, type SchemaValidator } from '../../scripts/content-check/schema-validator';
import { checkDocument } from '../../scripts/content-check/check-document';

const root = path.resolve(import.meta.dirname, '../..');
const onPage = blockTypes.filter((type) => {
  const placement = propsSchema(type)?.schema['x-placement'];
  return !Array.isArray(placement) || placement.includes('page');
});

/** Every string of the site's pages: a new block must repeat none of them. */
function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value && typeof value === 'object') return Object.values(value).flatMap(strings);
  return [];
}
const pageStrings = new Set(readdirSync(path.join(root, 'pages')).flatMap((name) => strings(JSON.parse(readFileSync(path.join(root, 'pages', name), 'utf8')))));

let validator: SchemaValidator;
const check = (page: unknown) =>
  checkDocument(
    'pages/new.json',
    'new',
    JSON.stringify(page, null, 2),
    Object.assign((value: unknown) => validator.validatePage(value, { inPlace: true }), { placements: validator }),
  ).issues;

describe('a new block is a skeleton', () => {
  beforeAll(async () => {
    validator = await createSchemaValidator(path.join(root, 'schemas'));
  });

  it.each(onPage)('%s: validates, every text a placeholder, no words of another page', (type) => {
    const page = { title: 'A page of its own', description: 'A description long enough for the check, written for this test alone.', blocks: [{ type, id: type, props: blockSkeleton(type) }] };
    const issues = check(page);
    expect(issues.filter((i) => i.severity === 'error')).toEqual([]);
    const own = strings(page.blocks[0]!.props).filter((s) => s.includes(' '));
    for (const text of own) expect(holdsPlaceholder(text), text).toBe(true);
    expect(own.filter((s) => pageStrings.has(s))).toEqual([]);
    // Each placeholder is reported where it stands, with its line.
    const placeholders = strings(page.blocks[0]!.props).filter((s) => holdsPlaceholder(s) || s === PLACEHOLDER_PICTURE.src);
    expect(issues.filter((i) => i.rule === 'placeholder-text')).toHaveLength(placeholders.length);
    for (const issue of issues) expect(issue.severity === 'warning' && issue.line > 1).toBe(true);
  });

  it('starts a list with its minimum of items, each with a key of its own, and a required picture as "Choose a picture"', () => {
    const text = placeholderText;
    expect(blockSkeleton('who-we-are')).toEqual({ heading: text('Heading'), paragraphs: [text('Paragraph 1')], image: { ...PLACEHOLDER_PICTURE, alt: text('Picture description') } });
    const sectors = (blockSkeleton('sector-slider') as { items: Array<{ id: string }> }).items;
    expect(new Set(sectors.map((s) => s.id)).size).toBe(sectors.length);
    // The contact form's list must contain its three required fields.
    expect((blockSkeleton('contact-form') as { fields: string[] }).fields).toEqual(['name', 'email', 'message']);
  });

  it('reports placeholder text an editor typed beside, and leaves real text alone', () => {
    const issues = check({
      title: 'A page of its own',
      description: 'A description long enough for the check, written for this test alone.',
      blocks: [{ type: 'accordion', props: { heading: 'Values [Heading — replace this text]', items: [{ title: 'Why [us]?', content: 'Because.' }] } }],
    });
    expect(issues.map((i) => [i.rule, i.severity, i.where, i.line])).toEqual([['placeholder-text', 'warning', 'blocks[0] (accordion) › props.heading', 8]]);
  });
});
