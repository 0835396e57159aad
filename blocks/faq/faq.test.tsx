import { fireEvent, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { renderInSite } from '../../tests/unit/fixtures/render-in-site';
import { afterEach, describe, expect, it } from 'vitest';
import Faq from './faq';
import { matchingIndices, resultsMessage } from './faq-search.enhance';
import type { FaqProps } from '../../src/generated/block-props';
import { withDefaults } from '../../tests/unit/fixtures/with-defaults';
import enhance from './faq.enhance';

const props = withDefaults('faq', {
  heading: 'Frequently Asked Questions',
  searchPlaceholder: 'Search for questions or topics...',
  noResultsText: 'No questions match your search.',
  items: [
    { id: 'onboarding', title: 'How long does onboarding take?', content: 'Most teams go live in four to six weeks.' },
    { id: 'pricing', title: 'How do you price your services?', content: 'Per agent, per transaction or by outcome.' },
    { id: 'security', title: 'How do you protect our data?', content: 'Locked-down desktops and audited access.', listItems: ['ISO 27001 certified centres'] },
  ],
  supportLink: { label: 'Get Support', href: '/contact' },
});

const renderBlock = (p: FaqProps = props) => renderInSite(<Faq {...p} />, { path: '/help-center' });

const search = () => screen.getByRole('searchbox', { name: 'Search the questions' });
const type = (text: string) => fireEvent.change(search(), { target: { value: text } });
const questions = () => screen.queryAllByRole('button').map((b) => b.textContent);
const expanded = () => screen.getAllByRole('button').map((b) => b.getAttribute('aria-expanded'));
const status = () => screen.getByRole('status');

describe('faq search helpers', () => {
  it('matches every typed word in the question, answer or bullets, ignoring case', () => {
    expect(matchingIndices(props.items, '')).toEqual([0, 1, 2]);
    expect(matchingIndices(props.items, '   ')).toEqual([0, 1, 2]);
    expect(matchingIndices(props.items, 'PRICE')).toEqual([1]);
    expect(matchingIndices(props.items, 'weeks')).toEqual([0]);
    expect(matchingIndices(props.items, 'iso')).toEqual([2]);
    expect(matchingIndices(props.items, 'data protect')).toEqual([2]);
    expect(matchingIndices(props.items, 'data weeks')).toEqual([]);
  });

  it('words the result count for the live region', () => {
    expect(resultsMessage(3, 3, '', 'None.')).toBe('');
    expect(resultsMessage(0, 3, 'zzz', 'None.')).toBe('None.');
    expect(resultsMessage(1, 3, 'price', 'None.')).toBe('1 of 3 questions match your search.');
    expect(resultsMessage(3, 3, 'how', 'None.')).toBe('All 3 questions match your search.');
  });
});

describe('faq', () => {
  it('has a labelled search box with the placeholder, and a Get Support link to /contact', () => {
    renderBlock();
    expect(screen.getByRole('search').contains(search())).toBe(true);
    expect(search().getAttribute('placeholder')).toBe('Search for questions or topics...');
    expect(screen.getByRole('link', { name: 'Get Support' }).getAttribute('href')).toBe('/contact');
    expect(screen.getByRole('heading', { name: 'Frequently Asked Questions' }).tagName).toBe('H2');
  });

  it('opens the first question and keeps the others closed', () => {
    renderBlock();
    expect(expanded()).toEqual(['true', 'false', 'false']);
    expect(screen.getByRole('region', { name: 'How long does onboarding take?' }).textContent).toContain('four to six weeks');
  });

  it('closes the open answer when another opens, as an APG accordion', () => {
    renderBlock();
    const trigger = screen.getByRole('button', { name: 'How do you protect our data?' });
    expect(trigger.closest('h3')).not.toBeNull();
    const panel = document.getElementById(trigger.getAttribute('aria-controls')!)!;
    expect(panel.hasAttribute('hidden')).toBe(true);
    fireEvent.click(trigger);
    expect(expanded()).toEqual(['false', 'false', 'true']);
    expect(panel.hasAttribute('hidden')).toBe(false);
    expect(panel.getAttribute('aria-labelledby')).toBe(trigger.id);
    fireEvent.click(trigger);
    expect(expanded()).toEqual(['false', 'false', 'false']);
  });

  it('filters by question text as you type, case-insensitively, and says how many match', () => {
    renderBlock();
    expect(status().textContent).toBe('');
    type('PRICE');
    expect(questions()).toEqual(['How do you price your services?']);
    expect(status().textContent).toBe('1 of 3 questions match your search.');
  });

  it('also searches the answers and their bullet points', () => {
    renderBlock();
    type('six weeks');
    expect(questions()).toEqual(['How long does onboarding take?']);
    type('iso 27001');
    expect(questions()).toEqual(['How do you protect our data?']);
  });

  it('says when nothing matches and shows every question again when the box is cleared', () => {
    renderBlock();
    type('cryptocurrency');
    expect(questions()).toEqual([]);
    expect(status().textContent).toBe('No questions match your search.');
    type('');
    expect(questions()).toHaveLength(3);
    expect(status().textContent).toBe('');
    expect(expanded()).toEqual(['true', 'false', 'false']);
  });

  it('keeps an answer open through a search that still shows it', () => {
    renderBlock();
    fireEvent.click(screen.getByRole('button', { name: 'How do you price your services?' }));
    type('transaction');
    expect(expanded()).toEqual(['true']);
  });

  it('puts every answer in the server HTML, closed ones hidden, with an empty live region', () => {
    const html = renderToString(<Faq {...props} />);
    expect(html).toContain('Per agent, per transaction or by outcome.');
    expect(html.match(/ hidden=""/g)).toHaveLength(2);
    expect(html).toMatch(/role="status"[^>]*><\/p>/);
  });
});

/** The FAQ as the server sends it, optionally typed into before its module ran, then enhanced. */
function serverFaq(typedBefore = '') {
  const root = document.createElement('div');
  root.dataset.block = 'faq';
  root.innerHTML = renderToString(<Faq {...props} />);
  document.body.replaceChildren(root);
  const input = root.querySelector('input')!;
  input.value = typedBefore;
  enhance(root);
  const type = (text: string) => {
    input.value = text;
    input.dispatchEvent(new Event('input', { bubbles: true }));
  };
  const buttons = () => [...root.querySelectorAll<HTMLButtonElement>('button[aria-expanded]')];
  const status = root.querySelector('[role="status"]')!;
  return { root, type, buttons, status, questions: () => buttons().map((b) => b.textContent), expanded: () => buttons().map((b) => b.getAttribute('aria-expanded')) };
}

describe('faq without React', () => {
  afterEach(() => document.body.replaceChildren());

  it('filters the questions as the component does, with the same words in the live region', () => {
    const { type, questions, status } = serverFaq();
    type('PRICE');
    expect(questions()).toEqual(['How do you price your services?']);
    expect(status.textContent).toBe('1 of 3 questions match your search.');
    type('iso 27001');
    expect(questions()).toEqual(['How do you protect our data?']);
    type('how');
    expect(status.textContent).toBe('All 3 questions match your search.');
  });

  it('says when nothing matches, in the no-results look, and shows every question again when cleared', () => {
    const { root, type, questions, status, expanded } = serverFaq();
    type('cryptocurrency');
    expect(questions()).toEqual([]);
    expect(status.textContent).toBe('No questions match your search.');
    expect(status.hasAttribute('data-no-results')).toBe(true);
    expect(root.querySelector<HTMLElement>('[data-disclosure-group]')!.hidden).toBe(true);
    type('');
    expect(questions()).toHaveLength(3);
    expect(status.textContent).toBe('');
    expect(status.hasAttribute('data-no-results')).toBe(false);
    expect(expanded()).toEqual(['true', 'false', 'false']);
  });

  it('keeps each answer’s state through a search, and one open at a time across hidden ones', () => {
    const { type, buttons, expanded } = serverFaq();
    type('transaction');
    buttons()[0]!.click();
    expect(expanded()).toEqual(['true']);
    type('');
    // The first answer, open from the start, closed when the pricing answer opened while it was filtered out.
    expect(expanded()).toEqual(['false', 'true', 'false']);
  });

  it('filters at once by what was typed before it ran', () => {
    const { questions, status } = serverFaq('weeks');
    expect(questions()).toEqual(['How long does onboarding take?']);
    expect(status.textContent).toBe('1 of 3 questions match your search.');
  });
});
