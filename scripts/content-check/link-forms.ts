/**
 * The form of a link (wherever the schemas mark one, "x-link"): an e-mail link's addresses by the contact
 * form's own rule, a phone link's digits, an address a browser can open. The schema's pattern only tells the
 * kinds apart, so its message could not say what is wrong; these say it, with the corrected link when one can
 * be guessed. Site paths and anchors are the integrity check's (routes and ids).
 */
import { isEmailAddress } from '../../src/features/enquiry/rules.ts';

/** The fields an e-mail link may fill in; mail programs ignore any other. */
const mailFields = ['subject', 'body', 'cc', 'bcc'];
const addressFields = new Set(['cc', 'bcc']);
const minPhoneDigits = 3;

const didYouMean = (fixed: string | undefined, original: string) => (fixed !== undefined && fixed !== original ? ` — did you mean "${fixed}"?` : '');

/** What is wrong with the link, or undefined when its form is right (or it is a site path or an anchor, checked elsewhere). */
export function linkFormProblem(href: string): string | undefined {
  if (href.trim() === '') return 'the link is empty: write a site path ("/about"), an anchor ("#faq") or a full address ("https://…").';
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(href)?.[1];
  if (scheme && scheme !== scheme.toLowerCase()) return `the link "${href}" starts with "${scheme}:": write it in lower case${didYouMean(scheme.toLowerCase() + href.slice(scheme.length), href)}`;
  const lower = href.toLowerCase();
  if (lower.startsWith('mailto:')) return mailtoProblem(href);
  if (lower.startsWith('tel:')) return telProblem(href);
  if (/^[a-z][a-z0-9+.-]*:/i.test(href)) return urlProblem(href);
  if (href.startsWith('/') || href.startsWith('#')) return sitePathProblem(href);
  // No scheme and no leading slash: an address without https://, or a site path without its "/".
  const fixed = /^www\.|^[^/\s]+\.[a-z]{2,}(\/|$)/i.test(href)
    ? `https://${href.trim()}`
    : `/${href
        .trim()
        .replace(/^\.?\/*/, '')
        .toLowerCase()}`;
  return `"${href}" is not a link: a site path starts with "/", a full address with "https://"${didYouMean(fixed, href)}`;
}

/** What the schema's pattern refuses in a site path or anchor (the route check reads the rest). */
function sitePathProblem(href: string): string | undefined {
  const [pathPart, anchor] = href.split('#', 2) as [string, string | undefined];
  if (/\s/.test(href)) return `the link "${href}" contains a space: site paths join words with hyphens${didYouMean(href.trim().replace(/\s+/g, '-'), href)}`;
  if (pathPart !== pathPart.toLowerCase()) return `the link "${href}" has capital letters: site paths are lower-case${didYouMean(pathPart.toLowerCase() + (anchor === undefined ? '' : `#${anchor}`), href)}`;
  return undefined;
}

/** `guess`: whether to append a corrected link (itself checked without one). */
function mailtoProblem(href: string, guess = true): string | undefined {
  const body = href.slice('mailto:'.length);
  const queryAt = body.indexOf('?');
  const to = queryAt === -1 ? body : body.slice(0, queryAt);
  const query = queryAt === -1 ? '' : body.slice(queryAt + 1);
  const corrected = () => {
    if (!guess) return '';
    const fixed = `mailto:${to.split(',').map(guessAddress).join(',')}${queryAt === -1 ? '' : `?${query.trim().replace(/ /g, '%20')}`}`;
    return mailtoProblem(fixed, false) === undefined ? didYouMean(fixed, href) : '';
  };
  if (to.trim() === '') return `the e-mail link "${href}" has no address: write "mailto:name@example.com".`;
  for (const address of to.split(',')) {
    const decoded = safeDecode(address);
    if (!isEmailAddress(decoded)) return `the e-mail link "${href}" has "${decoded}", which is not an e-mail address (name@example.com)${corrected() || '. Write the address after "mailto:".'}`;
  }
  if (/\s/.test(query)) return `the e-mail link "${href}" has a space in its subject or body: write each space as %20${corrected() || '.'}`;
  for (const [field, value] of new URLSearchParams(query)) {
    if (!mailFields.includes(field.toLowerCase())) return `the e-mail link "${href}" has "?${field}=", which mail programs ignore: use ${mailFields.map((f) => `"${f}"`).join(', ')}.`;
    if (!addressFields.has(field.toLowerCase())) continue;
    for (const address of value.split(',')) if (!isEmailAddress(address.trim())) return `the e-mail link "${href}" has "${address}" in "${field}", which is not an e-mail address (name@example.com).`;
  }
  return undefined;
}

/** The address as it was probably meant: no spaces, one "@", no doubled or stray dots, no second "mailto:". */
function guessAddress(address: string): string {
  return address
    .replace(/^(mailto:)+/i, '')
    .replace(/\s+/g, '')
    .replace(/@{2,}/g, '@')
    .replace(/\.{2,}/g, '.')
    .replace(/\.@|@\./g, '@')
    .replace(/^\.+|[.,;]+$/g, '');
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function telProblem(href: string): string | undefined {
  const number = href.slice('tel:'.length);
  const digits = number.replace(/\D/g, '').length;
  const allowed = /^\+?[0-9 ()-]+$/.test(number);
  if (allowed && digits >= minPhoneDigits) return undefined;
  const cleaned = number
    .replace(/[^0-9 ()+-]/g, ' ')
    .replace(/(?!^)\+/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  // Letters might be a vanity number ("1-800-FLOWERS"): only the editor knows its digits.
  const guess = !/[a-z]/i.test(number) && cleaned.replace(/\D/g, '').length >= minPhoneDigits ? didYouMean(`tel:${cleaned}`, href) : '';
  if (/[a-z]/i.test(number)) return `the phone link "${href}" has letters: write the number in digits, with spaces, "+", "-" or parentheses if you like ("tel:+1 555 0100").`;
  if (digits < minPhoneDigits) return `the phone link "${href}" has ${digits === 0 ? 'no digits' : `only ${digits} digit${digits === 1 ? '' : 's'}`}: write the whole number ("tel:+1 555 0100").`;
  return `the phone link "${href}" has characters a phone cannot dial: use digits, spaces, "+" (at the start), "-" and parentheses only${guess || '.'}`;
}

function urlProblem(href: string): string | undefined {
  const scheme = href.slice(0, href.indexOf(':')).toLowerCase();
  if (scheme === 'http') return `the link "${href}" uses http://: the site links with https:// only${didYouMean(`https://${href.slice('http://'.length)}`, href)}`;
  if (scheme !== 'https') {
    const misspelt = /^h[a-z]*t[a-z]*p[a-z]*s?$/.test(scheme) || /^https?\/\//i.test(href) ? `https://${href.replace(/^[a-z]+:?\/*/i, '')}` : undefined;
    return `the link "${href}" starts with "${scheme}:", which the site does not link to: use a site path ("/about"), "https://", "mailto:" or "tel:"${didYouMean(misspelt, href) || '.'}`;
  }
  if (!/^https:\/\/[^/]/i.test(href)) return `the link "${href}" has no host: write "https://" and then the site's name${didYouMean(`https://${href.replace(/^https:\/*/i, '')}`, href)}`;
  if (/\s/.test(href)) {
    const hostEnd = href.indexOf('/', 'https://'.length);
    const host = hostEnd === -1 ? href : href.slice(0, hostEnd);
    const rest = hostEnd === -1 ? '' : href.slice(hostEnd);
    return `the link "${href}" contains a space: browsers cut it there. Remove it, or write %20 where the address really has a space${didYouMean(host.replace(/\s+/g, '') + rest.trim().replace(/ /g, '%20'), href)}`;
  }
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return `the link "${href}" is not an address a browser can open: check the part after "https://" (a host such as "www.example.com", then an optional path).`;
  }
  if (!url.hostname.includes('.') && !url.hostname.startsWith('[')) {
    return `the link "${href}" names the host "${url.hostname}", which has no dot: write the full name, such as "www.${url.hostname}.com".`;
  }
  return undefined;
}
