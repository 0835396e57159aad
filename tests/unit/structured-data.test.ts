import { describe, expect, it } from 'vitest';
import { jsonLdTag, organizationData } from '../../src/app/structured-data';
import { site } from '../../src/model/site';

describe('organization structured data', () => {
  it('describes the company from the site settings', () => {
    const data = organizationData(site.settings);
    expect(data).toMatchObject({ '@type': 'Organization', name: site.settings.brand, url: `${site.settings.siteUrl}/`, email: site.settings.contact.email });
    expect(data.sameAs).toEqual(site.settings.contact.social.map((s) => s.href));
  });

  it('cannot be closed early by text in the settings', () => {
    const tag = jsonLdTag({ name: 'Evil </script><script>alert(1)</script>' });
    expect(tag.match(/<\/script>/g)).toHaveLength(1);
    expect(JSON.parse(tag.slice(tag.indexOf('>') + 1, tag.lastIndexOf('<')))).toEqual({ name: 'Evil </script><script>alert(1)</script>' });
  });
});
