import { fireEvent, screen, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import SiteHeader from './site-header';
import enhance from './site-header.enhance';
import type { SiteHeaderProps } from '../../src/generated/block-props';
import { BlockEnvironment } from '../../src/kit/block-environment';
import { site } from '../../src/model/site';
import { renderInSite } from '../../tests/unit/fixtures/render-in-site';
import { withDefaults, type AuthoredProps } from '../../tests/unit/fixtures/with-defaults';
import schema from '../../schemas/blocks/site-header.schema.json';

const props = withDefaults('site-header', schema.examples[0] as unknown as AuthoredProps<SiteHeaderProps>);
const grouped = props.items.filter((item) => item.groups);
if (grouped.length === 0) throw new Error('the schema example has a menu');

// The desktop bar's navigation comes first; the mobile menu has its own.
const desktopNav = () => screen.getAllByRole('navigation', { name: 'Main' })[0]!;
const summaryOf = (label: string) => within(desktopNav()).getByText(label, { selector: 'summary' });
const menuOf = (label: string) => summaryOf(label).parentElement as HTMLDetailsElement;

function scrollTo(y: number) {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
  fireEvent.scroll(window);
}

afterEach(() => scrollTo(0));

describe('site-header', () => {
  it('renders each menu as a disclosure that its summary opens', () => {
    renderInSite(<SiteHeader {...props} />);
    const label = grouped[0]!.label;
    expect(menuOf(label).open).toBe(false);
    fireEvent.click(summaryOf(label));
    expect(menuOf(label).open).toBe(true);
    expect(
      within(menuOf(label))
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(grouped[0]!.groups!.flatMap((g) => g.links.map((l) => l.href)));
  });

  it('closes an open mega-menu with Escape, focus back on its summary', () => {
    renderInSite(<SiteHeader {...props} />);
    const label = grouped[0]!.label;
    fireEvent.click(summaryOf(label));
    const link = within(menuOf(label)).getAllByRole('link')[0]!;
    link.focus();
    fireEvent.keyDown(link, { key: 'Escape' });
    expect(menuOf(label).open).toBe(false);
    expect(document.activeElement).toBe(summaryOf(label));
  });

  it('closes an open mega-menu on a press outside the header, and when one of its links is followed', () => {
    renderInSite(
      <>
        <SiteHeader {...props} />
        <p>Elsewhere</p>
      </>,
    );
    const label = grouped[0]!.label;
    fireEvent.click(summaryOf(label));
    fireEvent.pointerDown(summaryOf(label));
    expect(menuOf(label).open).toBe(true);
    fireEvent.pointerDown(screen.getByText('Elsewhere'));
    expect(menuOf(label).open).toBe(false);

    fireEvent.click(summaryOf(label));
    fireEvent.click(within(menuOf(label)).getAllByRole('link')[0]!);
    expect(menuOf(label).open).toBe(false);

    fireEvent.click(summaryOf(label));
    fireEvent.popState(window);
    expect(menuOf(label).open).toBe(false);
  });

  it('marks the section of the current path', () => {
    const plain = props.items.find((item) => item.href && item.href !== '/');
    if (!plain) throw new Error('the schema example has a plain link besides Home');
    renderInSite(<SiteHeader {...props} />, { path: plain.href! });
    expect(within(desktopNav()).getByRole('link', { name: plain.label }).getAttribute('aria-current')).toBe('page');
  });

  it('opens the mobile menu, a dialog named "Site menu", by command from the Menu button', () => {
    const { container } = renderInSite(<SiteHeader {...props} />);
    const menu = screen.getByRole('button', { name: 'Menu' });
    const dialog = container.querySelector('dialog')!;
    expect(dialog.getAttribute('aria-label')).toBe('Site menu');
    expect([menu.getAttribute('command'), menu.getAttribute('commandfor')]).toEqual(['show-modal', dialog.id]);
    const close = within(dialog).getByRole('button', { name: 'Close menu', hidden: true });
    expect([close.getAttribute('command'), close.getAttribute('commandfor')]).toEqual(['close', dialog.id]);
    expect(dialog.getAttribute('closedby')).toBe('any');
  });

  it('marks <html data-scrolled> while the page is scrolled, and no more once unmounted', () => {
    const { unmount } = renderInSite(<SiteHeader {...props} />);
    expect(document.documentElement.hasAttribute('data-scrolled')).toBe(false);
    scrollTo(40);
    expect(document.documentElement.hasAttribute('data-scrolled')).toBe(true);
    scrollTo(0);
    expect(document.documentElement.hasAttribute('data-scrolled')).toBe(false);
    scrollTo(40);
    unmount();
    expect(document.documentElement.hasAttribute('data-scrolled')).toBe(false);
  });
});

describe('site-header.enhance on the server’s HTML (no React in the page)', () => {
  function serverRendered() {
    const root = document.createElement('div');
    root.dataset.block = 'site-header';
    root.innerHTML = renderToString(
      <BlockEnvironment settings={site.settings} route={{ path: '/', params: {} }}>
        <SiteHeader {...props} />
      </BlockEnvironment>,
    );
    document.body.append(root);
    return root;
  }
  const escapeCloses = (root: HTMLElement) => {
    const menu = root.querySelector<HTMLDetailsElement>('details[data-mega-menu]')!;
    menu.open = true;
    fireEvent.keyDown(menu.querySelector('a')!, { key: 'Escape' });
    return !menu.open;
  };

  it('opens and closes the mobile menu itself where the browser lacks invoker commands and closedby (jsdom lacks both)', () => {
    expect(['command' in HTMLButtonElement.prototype, 'closedBy' in HTMLDialogElement.prototype]).toEqual([false, false]);
    const root = serverRendered();
    const dialog = root.querySelector('dialog')!;
    // jsdom's <dialog> has no methods: these stand in for the browser's, to see which the script calls.
    const showModal = (dialog.showModal = vi.fn());
    const close = (dialog.close = vi.fn());
    const stop = enhance(root);
    fireEvent.click(within(root).getByText('Menu'));
    expect(showModal).toHaveBeenCalledOnce();
    fireEvent.click(within(dialog).getByLabelText('Close menu'));
    expect(close).toHaveBeenCalledOnce();
    // jsdom lays nothing out: the dialog's box is the point (0, 0), and a click anywhere else is on the backdrop.
    fireEvent.click(dialog, { clientX: 0, clientY: 0 });
    expect(close).toHaveBeenCalledOnce();
    fireEvent.click(dialog, { clientX: 5, clientY: 300 });
    expect(close).toHaveBeenCalledTimes(2);
    stop();
    root.remove();
  });

  it('attaches once however often it is called, and detaches with its cleanup', () => {
    const root = serverRendered();
    const stop = enhance(root);
    const listen = vi.spyOn(root, 'addEventListener');
    const again = enhance(root);
    expect(listen).not.toHaveBeenCalled();
    again();
    expect(escapeCloses(root)).toBe(true);
    stop();
    expect(escapeCloses(root)).toBe(false);
    const restarted = enhance(root);
    expect(escapeCloses(root)).toBe(true);
    restarted();
    root.remove();
  });
});
