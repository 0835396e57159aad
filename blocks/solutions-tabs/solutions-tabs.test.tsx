import { fireEvent, render, screen, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import SolutionsTabs from './solutions-tabs';
import type { SolutionsTabsProps } from '../../src/generated/block-props';
import enhance from './solutions-tabs.enhance';

const item = (title: string, href: string) => ({
  title,
  text: `What ${title} does for a client.`,
  image: { src: `/illustrations/solutions${href}.svg`, alt: `${title} illustration`, width: 480, height: 360 },
  link: { label: 'Explore More!', href },
});

const props: SolutionsTabsProps = {
  heading: 'Digital BPO Solutions',
  items: [item('Customer Support', '/customer-support'), item('AI Powered BPO', '/ai-powered-bpo'), item('Data Management', '/data-management'), item('Payment Processing', '/payment-processing')],
};
const titles = props.items.map((i) => i.title);

const renderBlock = () => render(<SolutionsTabs {...props} />);
const tabs = () => screen.getAllByRole('tab');
const selectedTitle = () => tabs().find((t) => t.getAttribute('aria-selected') === 'true')?.textContent;
const key = (el: Element, k: string) => fireEvent.keyDown(el, { key: k });
/** The tab at `index` is the selected one, shows `title`, and has the focus. */
const expectSelected = (index: number, title: string) => {
  expect(selectedTitle()).toContain(title);
  expect(document.activeElement).toBe(tabs()[index]);
};

describe('solutions-tabs: vertical tabs (991 px and up)', () => {
  it('renders an APG tablist with the first tab selected', () => {
    renderBlock();
    const list = screen.getByRole('tablist', { name: 'Digital BPO Solutions' });
    expect(list.getAttribute('aria-orientation')).toBe('vertical');
    expect(tabs().map((t) => t.textContent)).toEqual(titles.map((t, i) => `0${i + 1}${t}`));
    expect(tabs().map((t) => t.getAttribute('aria-selected'))).toEqual(['true', 'false', 'false', 'false']);
    expect(tabs().map((t) => t.tabIndex)).toEqual([0, -1, -1, -1]);
    const panel = screen.getByRole('tabpanel');
    expect(panel.id).toBe(tabs()[0]!.getAttribute('aria-controls'));
    expect(panel.getAttribute('aria-labelledby')).toBe(tabs()[0]!.id);
    expect(within(panel).getByRole('heading', { name: 'Customer Support' }).tagName).toBe('H3');
  });

  it('moves selection and focus with ArrowDown/ArrowUp, wrapping at both ends', () => {
    renderBlock();
    tabs()[0]!.focus();
    key(tabs()[0]!, 'ArrowDown');
    expectSelected(1, 'AI Powered BPO');
    expect(tabs().map((t) => t.tabIndex)).toEqual([-1, 0, -1, -1]);

    key(tabs()[1]!, 'ArrowUp');
    key(tabs()[0]!, 'ArrowUp');
    expectSelected(3, 'Payment Processing');

    key(tabs()[3]!, 'ArrowDown');
    expectSelected(0, 'Customer Support');
  });

  it('jumps to the first and last tab with Home and End', () => {
    renderBlock();
    key(tabs()[0]!, 'End');
    expectSelected(3, 'Payment Processing');
    key(tabs()[3]!, 'Home');
    expectSelected(0, 'Customer Support');
  });

  it('ignores other keys', () => {
    renderBlock();
    key(tabs()[0]!, 'ArrowRight');
    key(tabs()[0]!, 'a');
    expect(selectedTitle()).toContain('Customer Support');
  });

  it('shows only the selected panel, and selects on click', () => {
    renderBlock();
    fireEvent.click(tabs()[2]!);
    const panel = screen.getByRole('tabpanel');
    expect(panel.getAttribute('aria-labelledby')).toBe(tabs()[2]!.id);
    expect(panel.textContent).toContain('What Data Management does for a client.');
    expect(within(panel).getByRole('link', { name: 'Explore More! about Data Management' }).getAttribute('href')).toBe('/data-management');
  });
});

describe('solutions-tabs: accordion (below 991 px)', () => {
  const accButtons = () => screen.getAllByRole('button').filter((b) => b.getAttribute('role') !== 'tab');

  it('starts with every item collapsed and opens one at a time', () => {
    renderBlock();
    expect(accButtons().map((b) => b.textContent)).toEqual(titles);
    expect(accButtons().map((b) => b.getAttribute('aria-expanded'))).toEqual(['false', 'false', 'false', 'false']);

    fireEvent.click(accButtons()[1]!);
    expect(accButtons().map((b) => b.getAttribute('aria-expanded'))).toEqual(['false', 'true', 'false', 'false']);
    const region = screen.getByRole('region', { name: 'AI Powered BPO' });
    expect(region.id).toBe(accButtons()[1]!.getAttribute('aria-controls'));
    expect(within(region).getByRole('link', { name: 'Explore More! about AI Powered BPO' }).getAttribute('href')).toBe('/ai-powered-bpo');

    fireEvent.click(accButtons()[3]!);
    expect(accButtons().map((b) => b.getAttribute('aria-expanded'))).toEqual(['false', 'false', 'false', 'true']);
    fireEvent.click(accButtons()[3]!);
    expect(screen.queryAllByRole('region')).toHaveLength(0);
  });

  it('does not change the tabs when the accordion changes, and the reverse', () => {
    renderBlock();
    fireEvent.click(accButtons()[2]!);
    expect(selectedTitle()).toContain('Customer Support');
    key(tabs()[0]!, 'End');
    expect(accButtons().map((b) => b.getAttribute('aria-expanded'))).toEqual(['false', 'false', 'true', 'false']);
  });
});

describe('solutions-tabs: static HTML', () => {
  it('holds every item, link and image, with lazy images (a no-script copy in the HTML) and unique ids', () => {
    const html = renderToString(<SolutionsTabs {...props} />);
    for (const i of props.items) {
      expect(html.split(`href="${i.link.href}"`)).toHaveLength(3); // once per layout
      expect(html).toContain(i.text);
      expect(html).toContain(`src="${i.image.src}"`);
    }
    expect(html).toContain('<noscript><img');
    const { container } = renderBlock();
    const ids = [...container.querySelectorAll('[id]')].map((el) => el.id);
    expect(new Set(ids).size).toBe(ids.length);
    // Each item's picture once per layout, with its alt.
    const images = [...container.querySelectorAll('img')];
    expect(images.map((img) => img.getAttribute('alt')).sort()).toEqual(titles.flatMap((t) => [`${t} illustration`, `${t} illustration`]).sort());
    for (const img of images) {
      expect(img.getAttribute('width')).toBe('480');
      expect(img.getAttribute('height')).toBe('360');
    }
  });
});

/** The block as the server sends it, enhanced: its tabs and their panels. */
function serverTabs() {
  const root = document.createElement('div');
  root.dataset.block = 'solutions-tabs';
  root.innerHTML = renderToString(<SolutionsTabs {...props} />);
  document.body.replaceChildren(root);
  enhance(root);
  const tabs = [...root.querySelectorAll<HTMLButtonElement>('[role="tab"]')];
  const panels = tabs.map((tab) => document.getElementById(tab.getAttribute('aria-controls')!)!);
  const press = (key: string) => (document.activeElement as HTMLElement).dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
  const state = () => tabs.map((tab, i) => `${tab.getAttribute('aria-selected')}/${tab.tabIndex}/${panels[i]!.getAttribute('hidden') ?? 'shown'}`);
  return { root, tabs, panels, press, state };
}

describe('solutions tabs without React', () => {
  afterEach(() => document.body.replaceChildren());

  it('starts on the first tab, the others out of the tab order and their panels hidden until found', () => {
    const { state } = serverTabs();
    expect(state()).toEqual(['true/0/shown', 'false/-1/until-found', 'false/-1/until-found', 'false/-1/until-found']);
  });

  it('moves focus and selection with the arrow keys (wrapping), Home and End', () => {
    const { tabs, press, state } = serverTabs();
    tabs[0]!.focus();
    press('ArrowUp');
    expect(document.activeElement).toBe(tabs[3]);
    expect(state()[3]).toBe('true/0/shown');
    press('Home');
    expect(document.activeElement).toBe(tabs[0]);
    press('ArrowDown');
    expect(state()).toEqual(['false/-1/until-found', 'true/0/shown', 'false/-1/until-found', 'false/-1/until-found']);
    press('End');
    expect(document.activeElement).toBe(tabs[3]);
  });

  it('selects a tab on click and the tab whose panel find in page reveals', () => {
    const { tabs, panels, state } = serverTabs();
    tabs[1]!.click();
    expect(state()[1]).toBe('true/0/shown');
    panels[2]!.dispatchEvent(new Event('beforematch'));
    expect(state()).toEqual(['false/-1/until-found', 'false/-1/until-found', 'true/0/shown', 'false/-1/until-found']);
  });

  it('runs the phone layout’s accordion: all closed, one open at a time', () => {
    const { root } = serverTabs();
    const buttons = [...root.querySelectorAll<HTMLButtonElement>('[data-disclosure-group] button[aria-expanded]')];
    buttons[0]!.click();
    buttons[1]!.click();
    expect(buttons.map((b) => b.getAttribute('aria-expanded'))).toEqual(['false', 'true', 'false', 'false']);
  });
});
