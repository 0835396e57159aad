import { render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import OpenPositions from './open-positions';
import { site } from '../../src/model/site';
import type { OpenPositionsProps } from '../../src/generated/block-props';
import { SiteSettingsProvider } from '../../src/kit/site-settings';

const settings = { ...site.settings, contact: { ...site.settings.contact, hrEmail: 'jobs@example.com', city: 'Pune' } };

const props: OpenPositionsProps = {
  heading: 'Open Positions',
  positions: [
    { id: 'sales-agent', title: 'Sales Agent', openings: 1, text: 'Call warm leads for a telecom client.' },
    { id: 'trainer', title: 'Trainer', openings: 2, text: 'Run induction training for new agents.' },
  ],
  applyHeading: 'How to apply',
  applyText: 'E-mail your resume to {email} and HR will call you back.',
};

const wrap = (node: ReactNode) => render(<SiteSettingsProvider settings={settings}>{node}</SiteSettingsProvider>);

describe('open-positions', () => {
  it('lists each position with its name, the city from the settings, its openings and description', () => {
    wrap(<OpenPositions {...props} />);
    expect(screen.getByRole('region', { name: 'Open Positions' }).getAttribute('aria-labelledby')).toBe(screen.getByRole('heading', { name: 'Open Positions' }).id);
    const names = screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(names).toEqual(['Sales Agent', 'Trainer', 'How to apply']);
    const trainer = screen.getByRole('heading', { name: 'Trainer' }).closest('li')!;
    expect(trainer.textContent).toContain('Location: Pune');
    expect(trainer.textContent).toContain('2 openings');
    expect(trainer.textContent).toContain('Run induction training for new agents.');
    expect(screen.getByRole('heading', { name: 'Sales Agent' }).closest('li')!.textContent).toContain('1 opening');
  });

  it('gives each position an Apply link that e-mails HR with the role in the subject', () => {
    wrap(<OpenPositions {...props} />);
    const apply = screen.getByRole('link', { name: 'Apply for Trainer by e-mail' });
    const href = apply.getAttribute('href')!;
    expect(href.startsWith('mailto:jobs@example.com?subject=')).toBe(true);
    expect(decodeURIComponent(href.split('subject=')[1]!)).toBe('Application: Trainer (Pune)');
  });

  it('puts the HR address into the apply text as a mailto link where it says {email}', () => {
    wrap(<OpenPositions {...props} />);
    const box = screen.getByRole('complementary', { name: 'How to apply' });
    expect(box.querySelector('p')!.textContent).toBe('E-mail your resume to jobs@example.com and HR will call you back.');
    expect(within(box).getByRole('link', { name: 'jobs@example.com' }).getAttribute('href')).toBe('mailto:jobs@example.com');
  });

  it('adds the address after the text when the text has no {email}', () => {
    wrap(<OpenPositions {...props} applyText="Send us your resume; HR will call you back." applyHeading="Apply now" />);
    const box = screen.getByRole('complementary', { name: 'Apply now' });
    expect(box.querySelector('p')!.textContent).toBe('Send us your resume; HR will call you back. jobs@example.com');
  });
});
