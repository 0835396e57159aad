// @vitest-environment node
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { contentRules } from '../../scripts/content-check/content-rules';
import { formatIssueForGithub } from '../../scripts/content-check/issue';

const root = path.resolve(import.meta.dirname, '../..');

describe('the catalogue of content rules', () => {
  it('gives every rule a title, what it reports and what to do, and docs/content-errors.md lists every id', async () => {
    const doc = await readFile(path.join(root, 'docs/content-errors.md'), 'utf8');
    // One row a rule, no more and no fewer: the loop below then checks each.
    expect(Object.keys(contentRules)).toHaveLength(doc.split('\n').filter((line) => line.startsWith('| `')).length);
    for (const [id, rule] of Object.entries(contentRules)) {
      expect(id).toMatch(/^[a-z]+(?:-[a-z]+)*$/);
      for (const text of [rule.title, rule.message, rule.hint]) expect(text.length, id).toBeGreaterThan(3);
      expect(doc, id).toContain(`| \`${id}\` | ${rule.title} |`);
    }
  });

  it('names the rule in the GitHub annotation', () => {
    const line = formatIssueForGithub({ severity: 'error', rule: 'broken-link', file: 'pages/about.json', line: 3, column: 7, where: 'blocks[0]', message: 'goes nowhere' });
    expect(line).toBe('::error file=pages/about.json,line=3,col=7,title=broken-link::blocks[0]: goes nowhere');
  });
});
