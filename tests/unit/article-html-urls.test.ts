import { describe, expect, it } from 'vitest';
import { sanitizeArticleHtml } from '../../src/features/blog/article-html';
import { parse, problemsOf } from './article-html-checks';

const hex = (code: number) => code.toString(16).toUpperCase().padStart(4, '0');

/** Every control character, every character Unicode calls a space or JavaScript's trim() removes, and a few format characters. */
const invisible = [
  ...Array.from({ length: 0x21 }, (_, code) => code),
  ...Array.from({ length: 0x9f - 0x7f + 1 }, (_, i) => 0x7f + i),
  0xa0,
  0x1680,
  ...Array.from({ length: 0x200a - 0x2000 + 1 }, (_, i) => 0x2000 + i),
  0x2028,
  0x2029,
  0x202f,
  0x205f,
  0x3000,
  0xfeff,
  // Format characters some readers drop too: Mongolian vowel separator, zero-width space and joiners, word joiner.
  0x180e,
  0x200b,
  0x200c,
  0x200d,
  0x2060,
];

/** The same character as it may reach the parser: raw, or as a character reference (decimal, hex, padded, without ";"). */
const spellings = (code: number) => [
  { how: 'raw', text: String.fromCharCode(code) },
  { how: 'decimal', text: `&#${code};` },
  { how: 'hex', text: `&#x${code.toString(16)};` },
  { how: 'padded hex without ";"', text: `&#x${hex(code).padStart(6, '0')}` },
];

/** Where a character can hide: before the scheme, inside it, before its colon. */
const places = (c: string) => [`${c}javascript:alert(1)`, `${c}${c}JavaScript:alert(1)`, `java${c}script:alert(1)`, `javascript${c}:alert(1)`, `${c}vbscript:msgbox(1)`, `data${c}:text/html,<script>alert(1)</script>`];

function link(href: string): string {
  return `123<a href='${href}'>I am a dolphin!</a>`;
}

function hrefs(clean: string): Array<string | null> {
  return [...parse(clean).querySelectorAll('a')].map((a) => a.getAttribute('href'));
}

describe('article links whose scheme hides behind invisible characters', () => {
  for (const code of invisible) {
    for (const { how, text } of spellings(code)) {
      it(`U+${hex(code)} ${how}`, () => {
        for (const href of places(text)) {
          const clean = sanitizeArticleHtml(link(href));
          expect(problemsOf(clean), href).toEqual([]);
          expect(parse(clean).textContent, href).toBe('123I am a dolphin!');
          // A script, or relative only while the character stays: no link. A reference to NUL or to 0x80–0x9F
          // decodes to U+FFFD or a Windows-1252 character, which no reader drops, so that value may stay relative.
          if (how === 'raw' || (code !== 0 && (code < 0x80 || code > 0x9f))) expect(hrefs(clean), href).toEqual([null]);
        }
      });
    }
  }

  it('writes out the string it checked: trimmed of controls and spaces, tab and newline removed', () => {
    expect(hrefs(sanitizeArticleHtml(link(' \u0001https://exa\tmple.com/a\nb\r\u0000 ')))).toEqual(['https://example.com/ab']);
    expect(hrefs(sanitizeArticleHtml(link('\t/contact\n')))).toEqual(['/contact']);
  });

  it('keeps a relative link whose invisible characters change no scheme, exactly as checked', () => {
    expect(hrefs(sanitizeArticleHtml(link('\u2028/about')))).toEqual(['\u2028/about']);
    expect(hrefs(sanitizeArticleHtml(link('files/annual report.pdf')))).toEqual(['files/annual report.pdf']);
  });
});

describe('article links with encoded or disguised schemes', () => {
  const scripts = [
    '&#106;avascript:alert(1)',
    '&#106avascript:alert(1)',
    '&#0000106;avascript:alert(1)',
    '&#0000106avascript:alert(1)',
    '&#x6A;avascript:alert(1)',
    '&#X6a;avascript:alert(1)',
    '&#x00006A;avascript:alert(1)',
    '&#106&#97&#118&#97&#115&#99&#114&#105&#112&#116&#58alert(1)',
    '&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A;alert(1)',
    '&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058alert(1)',
    'javascript&colon;alert(1)',
    'java&Tab;script:alert(1)',
    'java&NewLine;script:alert(1)',
    'JaVaScRiPt:alert(1)',
    'JAVASCRIPT:alert(1)',
    'jAvAsCrIpT&#58;alert(1)',
    'vbscript:msgbox(1)',
    'VbScRiPt:msgbox(1)',
    'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
    'DaTa:text/html,<script>alert(1)</script>',
    'livescript:alert(1)',
    'file:///etc/passwd',
    'blob:https://site.example/1',
    'ftp://example.com/',
    'javascript://example.com/%0Aalert(1)',
    'jar:https://example.com/a.jar!/',
  ];

  it.each(scripts)('%s is no link', (href) => {
    const clean = sanitizeArticleHtml(link(href));
    expect(problemsOf(clean)).toEqual([]);
    expect(hrefs(clean)).toEqual([null]);
    expect(parse(clean).textContent).toBe('123I am a dolphin!');
  });

  it.each([
    ['https://example.com/guide?a=1#b', 'https://example.com/guide?a=1#b'],
    ['HTTPS://EXAMPLE.COM/', 'HTTPS://EXAMPLE.COM/'],
    ['http://example.com', 'http://example.com'],
    ['mailto:hello@example.com', 'mailto:hello@example.com'],
    ['tel:+44 20 7946 0000', 'tel:+44 20 7946 0000'],
    ['&#104;ttps://example.com/', 'https://example.com/'],
    ['/contact', '/contact'],
    ['#section-2', '#section-2'],
    ['?page=2', '?page=2'],
    ['../insights', '../insights'],
    ['//cdn.example.com/a', '//cdn.example.com/a'],
    ['./javascript:alert(1)', './javascript:alert(1)'],
  ])('keeps %s as %s', (href, written) => {
    const clean = sanitizeArticleHtml(link(href));
    expect(problemsOf(clean)).toEqual([]);
    expect(hrefs(clean)).toEqual([written]);
  });

  it('drops a link URL the browser could not parse', () => {
    expect(hrefs(sanitizeArticleHtml(link('https://exa mple.com/')))).toEqual([null]);
    expect(hrefs(sanitizeArticleHtml(link('http://')))).toEqual([null]);
  });

  it('lets images and quotations point only at http(s) or relative addresses', () => {
    const clean = sanitizeArticleHtml(
      '<img src="mailto:a@example.com" alt="m"><img src="tel:1" alt="t"><img src="&#x20;javascript:alert(1)" alt="j"><img src="\u2028javascript:alert(1)" alt="u">' +
        '<img src="https://cdn.example.com/a.png" alt="ok"><blockquote cite="javascript:alert(1)">q</blockquote><q cite="mailto:a@example.com">r</q><blockquote cite="/source">s</blockquote>',
    );
    expect(problemsOf(clean)).toEqual([]);
    expect([...parse(clean).querySelectorAll('img')].map((img) => img.getAttribute('alt'))).toEqual(['ok']);
    expect([...parse(clean).querySelectorAll('[cite]')].map((el) => el.getAttribute('cite'))).toEqual(['/source']);
  });

  it('checks an image path again once it is joined with the API host', () => {
    expect(sanitizeArticleHtml('<img src="uploads/a.png" alt="a">', 'javascript:alert(1)//')).toBe('');
    expect(sanitizeArticleHtml('<img src="\u00a0uploads/a.png" alt="a">', 'https://api.example.com')).toBe('<img src="https://api.example.com/uploads/a.png" alt="a" loading="lazy" decoding="async">');
  });
});
