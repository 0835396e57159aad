import { describe, expect, it } from 'vitest';
import { sanitizeArticleHtml } from '../../src/features/blog/article-html';

function dom(html: string): HTMLElement {
  const root = document.createElement('div');
  root.innerHTML = sanitizeArticleHtml(html);
  return root;
}

describe('sanitizeArticleHtml', () => {
  it('removes script tags with their content', () => {
    const out = sanitizeArticleHtml('<p>Before</p><script>alert("x")</script><p>After</p>');
    expect(out).not.toMatch(/script|alert/i);
    expect(out).toBe('<p>Before</p><p>After</p>');
  });

  it('removes event handler attributes', () => {
    const root = dom('<p onclick="steal()">Text</p><img src="/a.svg" alt="Chart" onerror="steal()"><a href="/x" onmouseover="steal()">x</a>');
    expect(root.innerHTML).not.toMatch(/on(click|error|mouseover)|steal/);
    expect(root.querySelector('p')?.textContent).toBe('Text');
  });

  it('removes javascript: URLs', () => {
    const root = dom('<a href="javascript:alert(1)">Click</a><a href=" JaVaScRiPt:alert(1)">Again</a><img src="javascript:alert(1)" alt="">');
    expect(root.innerHTML).not.toMatch(/javascript/i);
    expect(root.querySelectorAll('a')).toHaveLength(2);
    for (const a of root.querySelectorAll('a')) expect(a.hasAttribute('href')).toBe(false);
  });

  it('removes inline style elements, iframes and forms', () => {
    const root = dom('<style>body{display:none}</style><iframe src="https://evil.example"></iframe><form action="/x"><input name="q"></form><p>Kept</p>');
    expect(root.innerHTML).toBe('<p>Kept</p>');
  });

  it('gives new-tab links rel="noopener noreferrer" and drops other targets', () => {
    const root = dom('<a href="https://example.com" target="_blank" rel="opener">Out</a><a href="/in" target="other">In</a>');
    const [out, inside] = root.querySelectorAll('a');
    expect(out?.getAttribute('target')).toBe('_blank');
    expect(out?.getAttribute('rel')).toBe('noopener noreferrer');
    expect(inside?.hasAttribute('target')).toBe(false);
  });

  it('keeps formatting, lists, tables and safe links', () => {
    const html =
      '<h4>Checklist</h4><p><strong>Bold</strong>, <em>italic</em> and <a href="https://example.com/guide">a guide</a>.</p>' +
      '<ul><li>One</li><li>Two</li></ul><ol><li>First</li></ol><blockquote>Quote</blockquote>' +
      '<table><tbody><tr><td>Cell</td></tr></tbody></table>';
    expect(sanitizeArticleHtml(html)).toBe(html);
  });

  it('joins relative image paths with the API host and loads them lazily', () => {
    const root = dom('<img src="uploads/blog/a/chart.svg" alt="Chart"><img src="https://cdn.example.com/b.svg">');
    const [relative, absolute] = root.querySelectorAll('img');
    expect(relative?.getAttribute('src')).toBe('/uploads/blog/a/chart.svg');
    expect(relative?.getAttribute('loading')).toBe('lazy');
    expect(absolute?.getAttribute('src')).toBe('https://cdn.example.com/b.svg');
    expect(absolute?.getAttribute('alt')).toBe('');
  });
});
