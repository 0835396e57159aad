import { describe, expect, it } from 'vitest';
import { readRouteData, routeDataTag } from '../../src/kit/route-data';

const pageWith = (headHtml: string) => new DOMParser().parseFromString(`<!doctype html><head>${headHtml}</head><body></body>`, 'text/html');

describe('route data in the page', () => {
  it('survives the trip through HTML, a closing script tag in the text included', () => {
    const data = { blogs: [{ title: 'Ends </script><script>alert(1)</script> here', price: '$& more' }] };
    const doc = pageWith(routeDataTag(data));
    expect(doc.querySelectorAll('script')).toHaveLength(1);
    expect(readRouteData(doc)).toEqual(data);
  });

  it('escapes <, >, & and the line separators U+2028/U+2029, so no text can end the element or open a comment', () => {
    const title = 'A </script> title <!-- with & and \u2028 and \u2029 -->';
    const tag = routeDataTag({ blog: { title } });
    const json = tag.slice(tag.indexOf('>') + 1, tag.lastIndexOf('</script>'));
    expect(json).not.toMatch(/[<>&\u2028\u2029]/);
    expect(json).toContain('\\u003c/script\\u003e');
    expect(readRouteData(pageWith(tag))).toEqual({ blog: { title } });
  });

  it('is empty when the page has none, or it is not a JSON object', () => {
    expect(readRouteData(pageWith(''))).toEqual({});
    expect(readRouteData(pageWith('<script type="application/json" id="route-data">{broken</script>'))).toEqual({});
    expect(readRouteData(pageWith('<script type="application/json" id="route-data">[1,2]</script>'))).toEqual({});
  });
});
