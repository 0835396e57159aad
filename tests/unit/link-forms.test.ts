// @vitest-environment node
/** The form of mailto:, tel: and https:// links: what is wrong, where, and the corrected link when it can be guessed. */
import { describe, expect, it } from 'vitest';
import { validateContent } from '../../scripts/content-check/validate-content';
import { formatIssue } from '../../scripts/content-check/issue';
import { linkFormProblem } from '../../scripts/content-check/link-forms';
import { baseSiteConfig, fixtureSitePerTest, aboutPageWith } from './fixtures/content-site';

const site = fixtureSitePerTest();

/** The about page with a closing banner whose link stands on line 7, column 99. */
const aboutLinkingTo = (href: string) => aboutPageWith(`    { "type": "closing-banner", "id": "c", "props": { "heading": "Hi", "cta": { "label": "Write", "href": ${JSON.stringify(href)} } } }`);

async function issuesFor(href: string) {
  await site.write('pages/about.json', aboutLinkingTo(href));
  return (await validateContent({ root: site.root })).issues;
}

describe('links in a page', () => {
  it('a mailto: with a doubled "@" passes the schema but not the contact form\'s rule: one error at the href, with the fix', async () => {
    const issues = await issuesFor('mailto:sales@@example.com');
    expect(issues.map(formatIssue)).toEqual([
      'pages/about.json:7:99  blocks[1] (closing-banner) › props.cta.href: the e-mail link "mailto:sales@@example.com" has "sales@@example.com", which is not an e-mail address (name@example.com) — did you mean "mailto:sales@example.com"?',
    ]);
    expect(issues[0]).toMatchObject({ rule: 'link-form', path: ['blocks', 1, 'props', 'cta', 'href'] });
  });

  it('a space in an https:// address: the schema refuses it, with the reason instead of the pattern', async () => {
    expect((await issuesFor('https://www.example.com/our partners')).map(formatIssue)).toEqual([
      'pages/about.json:7:99  blocks[1] (closing-banner) › props.cta.href: the link "https://www.example.com/our partners" contains a space: browsers cut it there. Remove it, or write %20 where the address really has a space — did you mean "https://www.example.com/our%20partners"?',
    ]);
  });

  it('a tel: with letters', async () => {
    expect((await issuesFor('tel:+1 555 CALL')).map(formatIssue)).toEqual([
      'pages/about.json:7:99  blocks[1] (closing-banner) › props.cta.href: the phone link "tel:+1 555 CALL" has letters: write the number in digits, with spaces, "+", "-" or parentheses if you like ("tel:+1 555 0100").',
    ]);
  });

  it('a tel: with too few digits, though the pattern lets it through', async () => {
    expect((await issuesFor('tel:12')).map(formatIssue)).toEqual(['pages/about.json:7:99  blocks[1] (closing-banner) › props.cta.href: the phone link "tel:12" has only 2 digits: write the whole number ("tel:+1 555 0100").']);
  });

  it('accepts good mailto:, tel: and https:// links', async () => {
    for (const href of ['mailto:sales@example.com?subject=Partner%20programme', 'tel:+1 (555) 010-0100', 'https://www.example.com/partners?ref=site#top']) {
      expect(await issuesFor(href)).toEqual([]);
    }
  });
});

describe('links in pages.json', () => {
  it('checks the layout and the social profiles too', async () => {
    const config = baseSiteConfig();
    config.layout.header.props.cta.href = 'mailto:hello@example..com';
    (config.settings.contact.social as unknown[]).push({ network: 'x', label: 'Us on X', href: 'https://x.com/exa mple' });
    await site.write('pages.json', config);
    expect((await validateContent({ root: site.root })).issues.map(formatIssue)).toEqual([
      'pages.json:18:11  settings.contact.social[0].href: the link "https://x.com/exa mple" contains a space: browsers cut it there. Remove it, or write %20 where the address really has a space — did you mean "https://x.com/exa%20mple"?',
      'pages.json:60:11  layout.header (site-header) › props.cta.href: the e-mail link "mailto:hello@example..com" has "hello@example..com", which is not an e-mail address (name@example.com) — did you mean "mailto:hello@example.com"?',
    ]);
  });
});

describe('linkFormProblem', () => {
  it.each([
    ['mailto:hello@example.com?subject=Hi there', 'the e-mail link "mailto:hello@example.com?subject=Hi there" has a space in its subject or body: write each space as %20 — did you mean "mailto:hello@example.com?subject=Hi%20there"?'],
    ['mailto:', 'the e-mail link "mailto:" has no address: write "mailto:name@example.com".'],
    ['mailto:sales', 'the e-mail link "mailto:sales" has "sales", which is not an e-mail address (name@example.com). Write the address after "mailto:".'],
    ['mailto:a@example.com?subjet=Hi', 'the e-mail link "mailto:a@example.com?subjet=Hi" has "?subjet=", which mail programs ignore: use "subject", "body", "cc", "bcc".'],
    ['mailto:a@example.com?cc=boss', 'the e-mail link "mailto:a@example.com?cc=boss" has "boss" in "cc", which is not an e-mail address (name@example.com).'],
    ['tel:+1.555.0100', 'the phone link "tel:+1.555.0100" has characters a phone cannot dial: use digits, spaces, "+" (at the start), "-" and parentheses only — did you mean "tel:+1 555 0100"?'],
    ['https://exa mple.com/x', 'the link "https://exa mple.com/x" contains a space: browsers cut it there. Remove it, or write %20 where the address really has a space — did you mean "https://example.com/x"?'],
    ['http://example.com', 'the link "http://example.com" uses http://: the site links with https:// only — did you mean "https://example.com"?'],
    ['htps://example.com', 'the link "htps://example.com" starts with "htps:", which the site does not link to: use a site path ("/about"), "https://", "mailto:" or "tel:" — did you mean "https://example.com"?'],
    ['https:/example.com', 'the link "https:/example.com" has no host: write "https://" and then the site\'s name — did you mean "https://example.com"?'],
    ['https://example.com:99999', 'the link "https://example.com:99999" is not an address a browser can open: check the part after "https://" (a host such as "www.example.com", then an optional path).'],
    ['https://example', 'the link "https://example" names the host "example", which has no dot: write the full name, such as "www.example.com".'],
    ['www.example.com', '"www.example.com" is not a link: a site path starts with "/", a full address with "https://" — did you mean "https://www.example.com"?'],
    ['about', '"about" is not a link: a site path starts with "/", a full address with "https://" — did you mean "/about"?'],
    ['/About', 'the link "/About" has capital letters: site paths are lower-case — did you mean "/about"?'],
    ['/about us', 'the link "/about us" contains a space: site paths join words with hyphens — did you mean "/about-us"?'],
    ['', 'the link is empty: write a site path ("/about"), an anchor ("#faq") or a full address ("https://…").'],
    ['Mailto:hello@example.com', 'the link "Mailto:hello@example.com" starts with "Mailto:": write it in lower case — did you mean "mailto:hello@example.com"?'],
    ['javascript:alert(1)', 'the link "javascript:alert(1)" starts with "javascript:", which the site does not link to: use a site path ("/about"), "https://", "mailto:" or "tel:".'],
  ])('%s', (href, message) => {
    expect(linkFormProblem(href)).toBe(message);
  });

  it.each(['mailto:hello@example.com', 'mailto:a@example.com,b@example.com?cc=c@example.com&body=Hello%0AWorld', 'tel:+44 (20) 7946-0958', 'https://www.example.com', '/contact', '#faq'])('accepts %s', (href) => {
    expect(linkFormProblem(href)).toBeUndefined();
  });
});
