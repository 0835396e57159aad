import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import VisionMission from './vision-mission';
import type { VisionMissionProps } from '../../src/generated/block-props';

const base: VisionMissionProps = {
  vision: { heading: 'Our Vision', text: 'Service that feels personal everywhere.' },
  mission: { heading: 'Our Mission', text: 'Dedicated people and smart technology.' },
};

describe('vision-mission', () => {
  it('renders both statements as h2s when there is no section heading', () => {
    render(<VisionMission {...base} />);
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['Our Vision', 'Our Mission']);
    expect(screen.getByText('Service that feels personal everywhere.').tagName).toBe('P');
    expect(screen.getByText('Dedicated people and smart technology.').tagName).toBe('P');
  });

  it('leaves out the promise list when it is not given', () => {
    render(<VisionMission {...base} />);
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('shows the promise list with its heading when given', () => {
    render(<VisionMission {...base} promise={{ listHead: 'Our promise to every client', list: ['A dedicated team', 'Weekly reports'] }} />);
    expect(screen.getByRole('heading', { name: 'Our promise to every client' }).tagName).toBe('H2');
    const items = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual(['A dedicated team', 'Weekly reports']);
  });

  it('nests the statements and the promise under a section heading when one is given', () => {
    render(<VisionMission {...base} heading="What guides our work" promise={{ listHead: 'Our promise', list: ['A dedicated team'] }} />);
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['What guides our work']);
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Our Vision', 'Our Mission', 'Our promise']);
  });

  it('marks its icons as decoration', () => {
    const { container } = render(<VisionMission {...base} promise={{ listHead: 'Our promise', list: ['A dedicated team'] }} />);
    const svgs = [...container.querySelectorAll('svg')];
    expect(svgs.length).toBe(3);
    for (const svg of svgs) expect(svg.getAttribute('aria-hidden')).toBe('true');
  });
});
