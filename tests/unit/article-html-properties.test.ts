import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sanitizeArticleHtml } from '../../src/features/blog/article-html';
import { problemsOf } from './article-html-checks';

const tags = [
  'a',
  'img',
  'p',
  'div',
  'table',
  'td',
  'blockquote',
  'q',
  'svg',
  'math',
  'mtext',
  'mglyph',
  'foreignObject',
  'style',
  'script',
  'iframe',
  'object',
  'embed',
  'form',
  'button',
  'input',
  'base',
  'link',
  'meta',
  'noscript',
  'template',
  'textarea',
  'title',
  'select',
  'xmp',
  'A',
  'ScRiPt',
  'SVG',
];
const attributes = ['href', 'src', 'cite', 'title', 'alt', 'target', 'onerror', 'onclick', 'OnLoad', 'style', 'srcset', 'action', 'formaction', 'xlink:href', 'xmlns', 'data', 'background', 'poster', 'HREF', 'SRC', 'width'];
/** Pieces of hostile and harmless URLs, and ways to spell them. */
const urlParts = [
  'javascript',
  'java',
  'script',
  'vbscript',
  'data',
  'JaVaScRiPt',
  'jav&#x09;ascript',
  ':',
  '&colon;',
  '&#58;',
  '&#x3A',
  '&#106;',
  '&#x6A',
  '&#0000106',
  'alert(1)',
  'https://example.com/',
  'http:',
  'mailto:a@example.com',
  'tel:1',
  '/',
  '//',
  '#',
  '?',
  'text/html,<script>alert(1)</script>',
  '&Tab;',
  '&NewLine;',
  '"',
  "'",
  '>',
  '<',
  '=',
  ' ',
];
/** Characters a reader may ignore or drop, raw and as references. */
const invisible = [
  '\u0000',
  '\t',
  '\n',
  '\r',
  '\u000b',
  '\u000c',
  ' ',
  '\u001f',
  '\u007f',
  '\u0085',
  '\u009f',
  '\u00a0',
  '\u1680',
  '\u2000',
  '\u200a',
  '\u2028',
  '\u2029',
  '\u202f',
  '\u205f',
  '\u3000',
  '\ufeff',
  '&#x2028;',
  '&#8232;',
  '&nbsp;',
  '&#xFEFF;',
  '&#0;',
  '&#x0D;',
];

const urlValue = fc.array(fc.oneof(fc.constantFrom(...urlParts), fc.constantFrom(...invisible)), { maxLength: 8 }).map((parts) => parts.join(''));
const quoted = fc.tuple(fc.constantFrom('"', "'", ''), urlValue).map(([quote, value]) => `${quote}${value}${quote}`);
const attribute = fc.tuple(fc.constantFrom(...attributes), fc.option(quoted, { nil: undefined })).map(([name, value]) => (value === undefined ? name : `${name}=${value}`));
const openTag = fc.tuple(fc.constantFrom(...tags), fc.array(attribute, { maxLength: 4 }), fc.constantFrom('>', '/>', ' >', '')).map(([tag, attrs, end]) => `<${tag}${attrs.map((a) => ` ${a}`).join('')}${end}`);
const piece = fc.oneof(
  { weight: 4, arbitrary: openTag },
  { weight: 2, arbitrary: fc.constantFrom(...tags).map((tag) => `</${tag}>`) },
  { weight: 1, arbitrary: fc.constantFrom('<!--', '-->', '--!>', '<![CDATA[', ']]>', '<?', '<!', '<', '>', '"', "'", '&', 'I am a dolphin!') },
  { weight: 1, arbitrary: urlValue },
);
const hostileHtml = fc.array(piece, { maxLength: 24 }).map((pieces) => pieces.join(''));

describe('sanitizeArticleHtml, for any mix of tags, attributes, schemes and invisible characters', () => {
  it('writes no handler, no element or attribute off the list, and no URL outside the allowed schemes', () => {
    fc.assert(
      fc.property(hostileHtml, (html) => {
        expect(problemsOf(sanitizeArticleHtml(html))).toEqual([]);
      }),
      { numRuns: 2000 },
    );
  });
});
