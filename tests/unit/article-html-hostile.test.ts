import { describe, expect, it } from 'vitest';
import { sanitizeArticleHtml } from '../../src/features/blog/article-html';

/** Payloads an attacker (or a compromised CMS) could put in a "description" column. */
const hostile = [
  '<script>window.__pwned = 1</script><p>text</p>',
  '<img src="x" onerror="window.__pwned = 1">',
  '<a href="javascript:window.__pwned=1">click</a>',
  '<a href="JaVaScRiPt:window.__pwned=1">click</a>',
  '<a href="&#106;avascript:window.__pwned=1">encoded</a>',
  '<iframe src="https://evil.example/"></iframe>',
  '<svg><g onload="window.__pwned=1"></g><script>window.__pwned=1</script></svg>',
  '<svg><animate onbegin="window.__pwned=1" attributeName="x" dur="1s"></animate></svg>',
  '<math><mtext><table><mglyph><style><img src=x onerror="window.__pwned=1"></style></mglyph></table></mtext></math>',
  '<noscript><p title="</noscript><img src=x onerror=window.__pwned=1>">',
  '<form action="https://evil.example"><input name="card"><button>Pay</button></form>',
  '<object data="javascript:window.__pwned=1"></object><embed src="javascript:window.__pwned=1">',
  '<div style="background:url(javascript:window.__pwned=1)">styled</div>',
  '<p onclick="window.__pwned=1" onmouseover="window.__pwned=1">hover</p>',
  '<base href="https://evil.example/"><meta http-equiv="refresh" content="0;url=https://evil.example">',
  '<a href="data:text/html,<script>window.__pwned=1</script>">data link</a>',
  '<img src="data:image/svg+xml,<svg onload=window.__pwned=1>"><img src="javascript:window.__pwned=1">',
  '<img src="ok.png" srcset="javascript:window.__pwned=1 1x, data:image/png;base64,AAAA 2x">',
  '<form action="javascript:window.__pwned=1"><button formaction="javascript:window.__pwned=1">Go</button></form>',
  '<style>body{display:none}</style><p style="position:fixed;inset:0">cover</p>',
  '<a href=" java\tscript:window.__pwned=1">tab in the scheme</a>',
];

describe('sanitizeArticleHtml against hostile payloads', () => {
  it.each(hostile)('%s', (payload) => {
    const clean = sanitizeArticleHtml(payload);
    const host = document.createElement('div');
    host.innerHTML = clean;
    document.body.append(host);
    expect(host.querySelector('script, iframe, object, embed, form, input, button, base, meta, style, svg, math')).toBeNull();
    // Every attribute left that could run script or style the page, as name="value": none, whatever is left.
    const attributes = [...host.querySelectorAll('*')].flatMap((el) => [...el.attributes]);
    const dangerous = attributes.filter((attr) => attr.name.startsWith('on') || ['style', 'srcset', 'action', 'formaction'].includes(attr.name) || /javascript:|data:/.test(attr.value.replace(/\s/g, '').toLowerCase()));
    expect(dangerous.map((attr) => `${attr.name}="${attr.value}"`)).toEqual([]);
    expect((window as unknown as { __pwned?: number }).__pwned).toBeUndefined();
    host.remove();
  });

  it('gives exact, well-nested output for known inputs', () => {
    expect(sanitizeArticleHtml('<p><strong>Bold <em>both</strong> em</em></p><ul><li>one<li>two</ul>')).toBe('<p><strong>Bold <em>both</em></strong> em</p><ul><li>one</li><li>two</li></ul>');
    expect(sanitizeArticleHtml('<a href="/contact" target="evil">named frame</a>')).toBe('<a href="/contact">named frame</a>');
    expect(sanitizeArticleHtml('<p title="&quot;><script>x</script>">t</p> a < b & c')).toBe('<p>t</p> a &lt; b &amp; c');
    expect(sanitizeArticleHtml('<img src="uploads/a.png">', 'https://api.example.com')).toBe('<img src="https://api.example.com/uploads/a.png" alt="" loading="lazy" decoding="async">');
  });

  it('keeps the formatting articles need', () => {
    const clean = sanitizeArticleHtml('<p><strong>Bold</strong> and <em>em</em></p><ul><li>one</li></ul><a href="https://www.pcisecuritystandards.org/" target="_blank">PCI</a>');
    expect(clean).toContain('<strong>Bold</strong>');
    expect(clean).toContain('<li>one</li>');
    expect(clean).toContain('rel="noopener noreferrer"');
  });
});
