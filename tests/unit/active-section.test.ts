import { describe, expect, it } from 'vitest';
import { activeSectionIndex } from '../../src/kit/active-section';
import { site } from '../../src/model/site';
import type { SiteHeaderProps } from '../../src/generated/block-props';

const items = (site.layout.header.props as SiteHeaderProps).items;
const labelFor = (path: string) => items[activeSectionIndex(items, path)]?.label ?? null;

describe('active section', () => {
  it.each([
    ['/', 'Home'],
    ['/about', 'About'],
    ['/blogs', 'Insights'],
    ['/blogs/any-article', 'Insights'],
    ['/digital-customer-experience', 'Services'],
    ['/customer-support', 'Services'],
    ['/ai-powered-bpo', 'Services'],
    ['/software-development', 'Services'],
    ['/back-office-solutions', 'Services'],
    ['/payment-processing', 'Services'],
    ['/data-management', 'Services'],
    ['/cyber-security', 'Services'],
    ['/saas-software', 'Industries'],
    ['/fintech-compliance', 'Industries'],
    ['/ecommerce-retail', 'Industries'],
    ['/healthcare-healthtech', 'Industries'],
    ['/food-dining', 'Industries'],
    ['/gaming-entertainment', 'Industries'],
    ['/automotive-customer-care', 'Industries'],
    ['/travel-hospitality', 'Industries'],
    ['/contact', null],
    ['/careers', null],
    ['/help-center', null],
    ['/privacy-policy', null],
    ['/terms-conditions', null],
    ['/no-such-page', null],
  ])('%s → %s', (path, label) => {
    expect(labelFor(path)).toBe(label);
  });

  it('does not mistake a path prefix for a section', () => {
    expect(activeSectionIndex([{ href: '/blogs' }], '/blogsmith')).toBe(-1);
  });
});
