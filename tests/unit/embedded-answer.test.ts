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
    expect(readEmbeddedAnswer('/blogs', doc)).toEqual(sent);
  });

  it('escapes <, >, & and the line separators U+2028/U+2029, so no text can end the element or open a comment', () => {
    const title = 'A </script> title <!-- with & and \u2028 and \u2029 -->';
    const tag = embeddedAnswerTag(answer({ data: { blog: { title } } }));
    const json = tag.slice(tag.indexOf('>') + 1, tag.lastIndexOf('</script>'));
    expect(json).not.toMatch(/[<>&\u2028\u2029]/);
    expect(json).toContain('\\u003c/script\\u003e');
    expect(readEmbeddedAnswer('/blogs', pageWith(tag))).toMatchObject({ data: { blog: { title } } });
  });

  it('answers its own path only; the 404 page answers any path; a shell, whose parameters are the pattern’s, answers none', () => {
    expect(readEmbeddedAnswer('/about', pageWith(embeddedAnswerTag(answer())))).toBeNull();
    const notFound = answer({ path: null, page: 'not-found', notFound: true });
    expect(readEmbeddedAnswer('/no-such-page', pageWith(embeddedAnswerTag(notFound)))).toEqual(notFound);
    expect(readEmbeddedAnswer('/blogs/an-article', pageWith(embeddedAnswerTag(answer({ path: null, page: 'blog-article' }))))).toBeNull();
  });

  it('is none when the page has none, or it is not an answer', () => {
    expect(readEmbeddedAnswer('/', pageWith(''))).toBeNull();
    expect(readEmbeddedAnswer('/', pageWith('<script type="application/json" id="route-answer">{broken</script>'))).toBeNull();
    expect(readEmbeddedAnswer('/', pageWith('<script type="application/json" id="route-answer">[1,2]</script>'))).toBeNull();
  });
});
