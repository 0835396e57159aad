import { screen, within } from '@testing-library/react';
import { renderInSite } from '../../tests/unit/fixtures/render-in-site';
import { describe, expect, it } from 'vitest';
import LegalText from './legal-text';
import { withDefaults } from '../../tests/unit/fixtures/with-defaults';

const props = withDefaults('legal-text', {
  updated: 'Last updated: 1 March 2025',
  sections: [
    { id: 'introduction', heading: '1. Introduction', paragraphs: ['This policy explains what we collect.', 'It applies to this website.'] },
    {
      id: 'principles',
      heading: '2. Principles',
      paragraphs: [],
      list: ['We collect only what we need.', 'We delete what we no longer need.'],
      subsections: [
        { heading: 'A. Accountability', paragraphs: ['Our privacy office answers for it.'] },
        { heading: 'B. Consent', paragraphs: ['We ask before we collect.'] },
      ],
    },
    { id: 'contact', heading: '3. Contact', paragraphs: ['Write to us.'], links: [{ label: 'privacy@example.com', href: 'mailto:privacy@example.com' }] },
  ],
});

const renderBlock = () => renderInSite(<LegalText {...props} />, { path: '/privacy-policy' });

describe('legal-text', () => {
  it('renders each section as an h2 and each sub-section as an h3, in order', () => {
    renderBlock();
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['1. Introduction', '2. Principles', '3. Contact']);
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['A. Accountability', 'B. Consent']);
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
    expect(screen.getByText('Last updated: 1 March 2025').tagName).toBe('P');
  });

  it('gives every section its anchor id and a named region', () => {
    renderBlock();
    const section = screen.getByRole('region', { name: '2. Principles' });
    expect(section.id).toBe('principles');
    expect(
      within(section)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['We collect only what we need.', 'We delete what we no longer need.']);
    expect(within(section).getByText('We ask before we collect.').tagName).toBe('P');
  });

  it('links the table of contents to each section', () => {
    renderBlock();
    const toc = screen.getByRole('navigation', { name: 'On this page' });
    const links = within(toc).getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['#introduction', '#principles', '#contact']);
    expect(links.map((a) => a.textContent)).toEqual(['1. Introduction', '2. Principles', '3. Contact']);
  });

  it('renders a section’s links, such as the privacy office address', () => {
    renderBlock();
    const contact = screen.getByRole('region', { name: '3. Contact' });
    expect(within(contact).getByRole('link', { name: 'privacy@example.com' }).getAttribute('href')).toBe('mailto:privacy@example.com');
  });
});
