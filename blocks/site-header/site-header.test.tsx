import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import SiteHeader from './site-header';
import type { SiteHeaderProps } from '../../src/generated/block-props';
import { useChromeStore } from '../../src/kit/chrome-store';
import { renderInSite } from '../../tests/unit/fixtures/render-in-site';
import { withDefaults, type AuthoredProps } from '../../tests/unit/fixtures/with-defaults';
import schema from '../../schemas/blocks/site-header.schema.json';

const props = withDefaults('site-header', schema.examples[0] as unknown as AuthoredProps<SiteHeaderProps>);
const withGroups = props.items.findIndex((item) => item.groups);
const grouped = props.items[withGroups]!;

afterEach(() => act(() => useChromeStore.setState({ menuOpen: false, scrolled: false })));

describe('site-header', () => {
  it('opens a mega-menu by its button and closes it with Escape, focus back on the button', () => {
    renderInSite(<SiteHeader {...props} />);
    // The desktop bar's navigation comes first; the mobile menu has its own.
    const nav = screen.getAllByRole('navigation', { name: 'Main' })[0]!;
    const button = within(nav).getByRole('button', { name: grouped.label });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    const panel = document.getElementById(button.getAttribute('aria-controls')!)!;
    expect(panel.hidden).toBe(false);
    fireEvent.keyDown(panel, { key: 'Escape' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);
  });

  it('marks the section of the current path', () => {
    const plain = props.items.find((item) => item.href && item.href !== '/');
    if (!plain) throw new Error('the schema example has a plain link besides Home');
    renderInSite(<SiteHeader {...props} />, { path: plain.href! });
    // The desktop bar's navigation comes first; the mobile menu has its own.
    const nav = screen.getAllByRole('navigation', { name: 'Main' })[0]!;
    expect(within(nav).getByRole('link', { name: plain.label }).getAttribute('aria-current')).toBe('page');
  });

  it('opens the mobile menu from its button', () => {
    renderInSite(<SiteHeader {...props} />);
    const menu = screen.getByRole('button', { name: 'Menu' });
    expect(menu.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(menu);
    expect(menu.getAttribute('aria-expanded')).toBe('true');
    expect(useChromeStore.getState().menuOpen).toBe(true);
  });
});
