// @vitest-environment node
/** The quick parse skips the position parser only when that parser would report nothing. */
import { describe, expect, it } from 'vitest';
import { parseJsonQuickly, parseJsonWithPositions } from '../../scripts/content-check/json-positions';

const texts = [
  '{"a": 1, "b": {"c": [1, {"d": 2}]}}',
  '{"a": 1, "a": 2}',
  '{"a": {"b": 1, "b": 1}}',
  '[{"x": 1}, {"x": 1, "y": {"x": 2, "x": 3}}]',
  '{"a": 1, "\\u0061": 2}',
  '{"url": "https://example.com:8080/a:b", "quote \\" : ": "x"}',
  '{"ends in a backslash \\\\": "\\\\", "k": "\\\\\\"": 1}',
  '{"a\\\\": 1, "b\\\\\\"": 2}',
  '{"x\\\\": 1, "x\\\\": 2}',
  '{"k" \n\t : "v", "list": ["a:", "b", ":"]}',
  '{"k": "v" : 1}',
  '{"a": 1,}',
  '\uFEFF{"a": 1}',
  '\uFEFF{"a": 1, "a": 2}',
  '{"a":\u200B 1}',
  '{"a": "zero\u200Bwidth inside a string is text"}',
  '{"a": 1}\u00A0',
  '{\f"a": 1}',
  '{"__proto__": 1, "__proto__": 2}',
  '{"__proto__": {"a": 1}}',
  '"just a string: yes"',
  '42',
  '',
  '{}',
  '{"a": "line\nbreak"}',
];

describe('parseJsonQuickly', () => {
  it.each(texts)('agrees with the position parser on %j', (text) => {
    const full = parseJsonWithPositions(text);
    const quick = parseJsonQuickly(text);
    const clean = full.syntaxErrors.length === 0 && full.duplicateKeys.length === 0;
    expect(quick.parsed === undefined).toBe(clean);
    expect(quick.value).toEqual(full.value);
  });
});
