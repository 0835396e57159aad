import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import SiteFooter from './site-footer';
import type { SiteFooterProps } from '../../src/generated/block-props';
import { site } from '../../src/model/site';
import { renderInSite } from '../../tests/unit/fixtures/render-in-site';
import { withDefaults, type AuthoredProps } from '../../tests/unit/fixtures/with-defaults';
import schema from '../../schemas/blocks/site-footer.schema.json';
import { inReadingOrder } from '../../tests/unit/fixtures/reading-order';

const props = withDefaults('site-footer', schema.examples[0] as unknown as AuthoredProps<SiteFooterProps>);
const { contact, brand } = site.settings;

describe('site-footer', () => {
  it('shows the brand, its blurb and the company’s phone and e-mail from the settings', () => {
    renderInSite(<SiteFooter {...props} />);
    expect(inReadingOrder(screen.getByText(brand), screen.getByText(props.blurb))).toBe(true); // the brand, then its blurb
    expect(screen.getByText(props.blurb).tagName).toBe('P');
    expect(screen.getByRole('link', { name: contact.email }).getAttribute('href')).toBe(`mailto:${contact.email}`);
    expect(screen.getByRole('link', { name: contact.phone }).getAttribute('href')).toMatch(/^tel:\+?\d+$/);
  });

  it('opens each social profile in a new tab, and says so', () => {
    renderInSite(<SiteFooter {...props} />);
    expect(contact.social.length).toBeGreaterThan(0); // the site's settings name its profiles
    expect(screen.getAllByRole('link', { name: /\(opens in a new tab\)$/ })).toHaveLength(contact.social.length);
    for (const profile of contact.social) {
      const link = screen.getByRole('link', { name: `${profile.label} (opens in a new tab)` });
      expect(link.getAttribute('href')).toBe(profile.href);
      expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    }
  });

  it('lists each column as a navigation named by its heading', () => {
    renderInSite(<SiteFooter {...props} />);
    expect(props.columns.length).toBeGreaterThan(0);
    for (const column of props.columns) {
      const nav = screen.getByRole('navigation', { name: column.heading });
      expect(
        within(nav)
          .getAllByRole('link')
          .map((a) => a.getAttribute('href')),
      ).toEqual(column.links.map((l) => l.href));
    }
    expect(inReadingOrder(...screen.getAllByRole('navigation'), screen.getByText(props.copyright))).toBe(true); // the copyright last
  });
});
