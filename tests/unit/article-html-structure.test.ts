import { describe, expect, it } from 'vitest';
import { sanitizeArticleHtml } from '../../src/features/blog/article-html';
import { parse, problemsOf } from './article-html-checks';

const safe = 'I am a dolphin!';

/** Markup that tries to smuggle an element, a handler or a URL past a parser: each keeps the safe text beside it. */
const vectors: Record<string, string[]> = {
  'nested and unclosed tags': [
    `<a href="javascript:alert(1)"><a href="/ok">${safe}</a>`,
    `<p><a href="https://example.com/"><p><img src=x onerror=alert(1)>${safe}`,
    `<div><span><em><strong>${safe}<script>alert(1)`,
    `<ul><li>${safe}<li><script>alert(1)</script><li><iframe src="javascript:alert(1)">`,
    `<table><tr><td>${safe}<td><style>*{}</style><img src=x onerror=alert(1)></table>`,
    `${safe}<a href="javascript:alert(1)"`,
    `${safe}<img src="x" onerror="alert(1)"`,
    `${safe}<scr<script>ipt>alert(1)</scr</script>ipt>`,
    `${safe}<<img src=x onerror=alert(1)>>`,
    `${safe}</a><a href=javascript:alert(1)>`,
    `<p>${safe}</p></p></div></body></html><img src=x onerror=alert(1)>`,
  ],
  'unquoted and duplicated attributes': [
    `<a href=javascript:alert(1)>${safe}</a>`,
    `<a href=&#106;avascript:alert(1)>${safe}</a>`,
    `<a href=java&#x09;script:alert(1)>${safe}</a>`,
    `<a href="https://example.com/" href="javascript:alert(1)">${safe}</a>`,
    `<a href="javascript:alert(1)" href="https://example.com/">${safe}</a>`,
    `<a HREF="javascript:alert(1)" href="/ok">${safe}</a>`,
    `<img src="/a.png" src="javascript:alert(1)" onerror="alert(1)" ONERROR="alert(1)" alt="a">${safe}`,
    `<a href="/ok"onclick=alert(1)>${safe}</a>`,
    `<a/href="javascript:alert(1)">${safe}</a>`,
    `<a href="/ok" title=x onmouseover=alert(1)//>${safe}</a>`,
    `<img src=/a.png alt=a/onerror=alert(1)>${safe}`,
    `<a href="/ok" ="javascript:alert(1)">${safe}</a>`,
  ],
  'comments and CDATA': [
    `<!-- <a href="javascript:alert(1)"> -->${safe}`,
    `<!--><img src=x onerror=alert(1)>-->${safe}`,
    `<!---><img src=x onerror=alert(1)>-->${safe}`,
    `<!-- --!><img src=x onerror=alert(1)>-->${safe}`,
    `<!--[if IE]><script>alert(1)</script><![endif]-->${safe}`,
    `<![CDATA[<img src=x onerror=alert(1)>]]>${safe}`,
    `<p title="<!--"><img src=x onerror=alert(1)>-->${safe}</p>`,
    `<? <img src=x onerror=alert(1)> ?>${safe}`,
    `<!DOCTYPE html><img src=x onerror=alert(1)>${safe}`,
    `<svg><![CDATA[</svg><img src=x onerror=alert(1)>]]></svg>${safe}`,
    `<math><![CDATA[</math><img src=x onerror=alert(1)>]]></math>${safe}`,
  ],
  'elements that change where the page sends things': [
    `<base href="javascript:alert(1)//"><a href="/ok">${safe}</a>`,
    `<base href="https://evil.example/"><a href="ok">${safe}</a>`,
    `<form action="javascript:alert(1)"><input type="submit" formaction="javascript:alert(1)"><button formaction="javascript:alert(1)">go</button></form>${safe}`,
    `<form id="f"></form><button form="f" formaction="javascript:alert(1)">go</button>${safe}`,
    `<a href="/ok" formaction="javascript:alert(1)" action="javascript:alert(1)">${safe}</a>`,
    `<img src="/a.png" srcset="javascript:alert(1) 1x, data:image/svg+xml,<svg/onload=alert(1)> 2x" alt="a">${safe}`,
    `<picture><source srcset="javascript:alert(1)"><img src="/a.png" alt="a"></picture>${safe}`,
    `<a xlink:href="javascript:alert(1)" href="/ok">${safe}</a>`,
    `<link rel="stylesheet" href="javascript:alert(1)"><meta http-equiv="refresh" content="0;url=javascript:alert(1)">${safe}`,
    `<iframe srcdoc="&lt;script&gt;alert(1)&lt;/script&gt;"></iframe>${safe}`,
    `<object data="javascript:alert(1)"><param name="src" value="javascript:alert(1)"></object><embed src="javascript:alert(1)">${safe}`,
    `<video poster="javascript:alert(1)"><source src="javascript:alert(1)"></video><audio src=x onerror=alert(1)></audio>${safe}`,
    `<table background="javascript:alert(1)"><tr><td background="javascript:alert(1)">${safe}</td></tr></table>`,
    `<a href="/ok" ping="https://evil.example/" style="position:fixed;inset:0" target="_top">${safe}</a>`,
    `<isindex action="javascript:alert(1)" type="image"><keygen autofocus onfocus=alert(1)>${safe}`,
    `<template><img src=x onerror=alert(1)></template><noembed><img src=x onerror=alert(1)></noembed>${safe}`,
  ],
  'SVG and MathML namespace confusion': [
    `<svg><p><style><img src=x onerror=alert(1)></style></p></svg>${safe}`,
    `<svg></p><style><a id="</style><img src=1 onerror=alert(1)>"></a></style></svg>${safe}`,
    `<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>${safe}`,
    `<math><mtext><h1><a><h6></a></h6><mglyph><svg><mtext><style><a title="</style><img src onerror=alert(1)>"></a></style></mtext></svg></mglyph></h1></mtext></math>${safe}`,
    `<form><math><mtext></form><form><mglyph><style></math><img src onerror=alert(1)></style></mglyph></form></mtext></math></form>${safe}`,
    `<svg><a xlink:href="javascript:alert(1)"><text x="20" y="20">click</text></a></svg>${safe}`,
    `<svg><use href="data:image/svg+xml,<svg id='x' xmlns='http://www.w3.org/2000/svg'><image href='1' onerror='alert(1)'/></svg>#x"></use></svg>${safe}`,
    `<svg><animate attributeName="href" values="javascript:alert(1)"></animate><set attributeName="onmouseover" to="alert(1)"></set></svg>${safe}`,
    `<svg><foreignObject><img src=x onerror=alert(1)></foreignObject></svg>${safe}`,
    `<math href="javascript:alert(1)">click</math><math><maction actiontype="statusline" xlink:href="javascript:alert(1)">x</maction></math>${safe}`,
    `<svg><title><img src=x onerror=alert(1)></title></svg><svg><desc><style><img src=x onerror=alert(1)></style></desc></svg>${safe}`,
    `<svg/onload=alert(1)></svg>${safe}`,
    `<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>${safe}`,
    `<textarea><img src=x onerror=alert(1)></textarea><xmp><img src=x onerror=alert(1)></xmp><title><img src=x onerror=alert(1)></title>${safe}`,
    `<select><style><img src=x onerror=alert(1)></style></select><select><option><img src=x onerror=alert(1)></option></select>${safe}`,
  ],
};

describe('sanitizeArticleHtml against markup tricks', () => {
  for (const [group, list] of Object.entries(vectors)) {
    describe(group, () => {
      it.each(list)('%s', (payload) => {
        const clean = sanitizeArticleHtml(payload);
        expect(problemsOf(clean)).toEqual([]);
        expect(parse(clean).textContent).toContain(safe);
      });
    });
  }

  it('writes one of each attribute, the first one given, as the browser reads duplicates', () => {
    expect(sanitizeArticleHtml(`<a href="https://example.com/" href="javascript:alert(1)" title="a" title="b">x</a>`)).toBe('<a href="https://example.com/" title="a">x</a>');
    expect(sanitizeArticleHtml(`<a href="javascript:alert(1)" href="https://example.com/">x</a>`)).toBe('<a>x</a>');
  });

  it('closes what it opened, in order, and writes no comment', () => {
    expect(sanitizeArticleHtml('<p><em>one<!-- hidden --><strong>two')).toBe('<p><em>one<strong>two</strong></em></p>');
    expect(sanitizeArticleHtml('<p>a<![CDATA[ b ]]>c</p>')).toBe('<p>ac</p>');
  });
});
