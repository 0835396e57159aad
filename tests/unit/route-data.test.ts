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

  it('is empty when the page has none, or it is not a JSON object', () => {
    expect(readRouteData(pageWith(''))).toEqual({});
    expect(readRouteData(pageWith('<script type="application/json" id="route-data">{broken</script>'))).toEqual({});
    expect(readRouteData(pageWith('<script type="application/json" id="route-data">[1,2]</script>'))).toEqual({});
  });
});
