import { describe, expect, it } from 'vitest';
import { embeddedAnswerTag, readEmbeddedAnswer } from '../../src/model/embedded-answer';
import type { RouteAnswer } from '../../src/model/route-answer';

const pageWith = (headHtml: string) => new DOMParser().parseFromString(`<!doctype html><head>${headHtml}</head><body></body>`, 'text/html');
const answer = (overrides: Partial<Extract<RouteAnswer, { kind: 'page' }>> = {}): RouteAnswer => ({
  kind: 'page',
  path: '/blogs',
  page: 'blogs',
  params: {},
  notFound: false,
  document: { title: 'Insights', description: 'Articles', blocks: [] },
  ...overrides,
});

describe('the answer a page carries in its HTML', () => {
  it('survives the trip through HTML, a closing script tag in the text included', () => {
    const sent = answer({ data: { blogs: [{ title: 'Ends </script><script>alert(1)</script> here', price: '$& more' }] } });
    const doc = pageWith(embeddedAnswerTag(sent));
    expect(doc.querySelectorAll('script')).toHaveLength(1);
    expect(readEmbeddedAnswer(doc)).toEqual(sent);
  });

  it('escapes <, >, & and the line separators U+2028/U+2029, so no text can end the element or open a comment', () => {
    const title = 'A </script> title <!-- with & and \u2028 and \u2029 -->';
    const tag = embeddedAnswerTag(answer({ data: { blog: { title } } }));
    const json = tag.slice(tag.indexOf('>') + 1, tag.lastIndexOf('</script>'));
    expect(json).not.toMatch(/[<>&\u2028\u2029]/);
    expect(json).toContain('\\u003c/script\\u003e');
    expect(readEmbeddedAnswer(pageWith(tag))).toMatchObject({ data: { blog: { title } } });
  });

  it('says what is wrong, and to build again, when the page has none, or it is broken, or not a page’s', () => {
    expect(() => readEmbeddedAnswer(pageWith(''))).toThrow(/#route-answer\) is missing.*Build the site again/);
    expect(() => readEmbeddedAnswer(pageWith('<script type="application/json" id="route-answer">{broken</script>'))).toThrow(/is not valid JSON .*Build the site again/);
    expect(() => readEmbeddedAnswer(pageWith('<script type="application/json" id="route-answer">[1,2]</script>'))).toThrow(/is not an answer, not a page/);
    expect(() => readEmbeddedAnswer(pageWith(embeddedAnswerTag({ kind: 'redirect', to: '/about' })))).toThrow(/is a redirect, not a page/);
  });
});
