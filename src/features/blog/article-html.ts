/**
 * Makes an article's `description` HTML (from the API) safe to render, with no DOM: the HTML is read by a
 * tokenizer (htmlparser2) and written out again from an allow-list — known formatting tags, a few attributes,
 * http(s)/mailto/tel/relative links — with every text and attribute escaped. Whatever is not on the list is
 * dropped: scripts, styles, event handlers, javascript: and data: URLs, forms, frames, SVG and MathML with
 * their content. The same function runs on the server (the HTML a crawler reads) and in the browser (an article
 * fetched there), so both give the same output; having no DOM, it never makes the browser parse raw HTML under
 * the page's CSP. New-tab links get rel="noopener noreferrer"; relative image paths are joined with the API host.
 */
import { Parser } from 'htmlparser2';
import { withHost } from '../../model/site';

/** Tags kept, with the attributes each may carry. */
const ALLOWED: Record<string, readonly string[]> = {
  p: [],
  br: [],
  hr: [],
  div: [],
  span: [],
  h2: [],
  h3: [],
  h4: [],
  h5: [],
  h6: [],
  strong: [],
  b: [],
  em: [],
  i: [],
  u: [],
  s: [],
  sub: [],
  sup: [],
  small: [],
  mark: [],
  code: [],
  kbd: [],
  pre: [],
  blockquote: ['cite'],
  q: ['cite'],
  cite: [],
  abbr: ['title'],
  ul: [],
  ol: ['start', 'reversed'],
  li: ['value'],
  dl: [],
  dt: [],
  dd: [],
  a: ['href', 'title', 'target'],
  img: ['src', 'alt', 'width', 'height', 'title'],
  figure: [],
  figcaption: [],
  table: [],
  caption: [],
  thead: [],
  tbody: [],
  tfoot: [],
  tr: [],
  th: ['colspan', 'rowspan', 'scope'],
  td: ['colspan', 'rowspan'],
};

/** Dropped together with everything inside them: their content is code, or a document of its own. */
const DROPPED_WITH_CONTENT = new Set([
  'script',
  'style',
  'template',
  'noscript',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'svg',
  'math',
  'textarea',
  'select',
  'option',
  'button',
  'title',
  'xmp',
  'noembed',
  'noframes',
  'plaintext',
  'head',
]);

const VOID = new Set(['br', 'hr', 'img']);
const URL_ATTRIBUTES = new Set(['href', 'src', 'cite']);
const NUMBER_ATTRIBUTES = new Set(['width', 'height', 'colspan', 'rowspan', 'start', 'value']);

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttribute = (text: string) => escapeText(text).replace(/"/g, '&quot;');

/** Schemes a link may use; an image or a quotation's source may use only http(s). */
const LINK_SCHEMES = new Set(['http:', 'https:', 'mailto:', 'tel:']);
const MEDIA_SCHEMES = new Set(['http:', 'https:']);
/** What a relative reference is resolved against to learn which scheme the browser gives it. */
const RELATIVE_BASE = 'https://relative.invalid/';
/** A scheme as the WHATWG URL parser reads one: an ASCII letter, then letters, digits, "+", "-" or ".", then ":". */
const SCHEME = /^([a-z][a-z\d+.-]*):/i;
/** Characters some reader other than a browser may drop (JavaScript's trim(), a feed reader): spaces, controls, format characters. */
const INVISIBLE = /[\p{White_Space}\p{Cc}\p{Cf}]/gu;

/**
 * A URL attribute's value when it is safe, else null: the string returned is exactly the string checked.
 * It is the value as the browser's URL parser sees it (C0 controls and spaces trimmed at both ends, tab and
 * newline removed anywhere), and its scheme, read by the URL parser itself, must be on the list, or it must be
 * a relative reference that resolves to the base's own scheme. A value whose scheme changes once invisible
 * characters are dropped ("\u2028javascript:") is refused: some reader will drop them.
 */
function safeUrl(value: string, attribute: string): string | null {
  const normalised = value.replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '').replace(/[\t\n\r]/g, '');
  const scheme = SCHEME.exec(normalised)?.[1]?.toLowerCase();
  if (scheme !== SCHEME.exec(normalised.replace(INVISIBLE, ''))?.[1]?.toLowerCase()) return null;
  const allowed = attribute === 'href' ? LINK_SCHEMES : MEDIA_SCHEMES;
  let protocol: string;
  try {
    protocol = scheme === undefined ? new URL(normalised, RELATIVE_BASE).protocol : new URL(normalised).protocol;
  } catch {
    return null; // Not a URL the browser could follow either.
  }
  if (scheme === undefined) return protocol === new URL(RELATIVE_BASE).protocol ? normalised : null;
  return protocol === `${scheme}:` && allowed.has(protocol) ? normalised : null;
}

/** Relative paths such as "uploads/blog/x/chart.svg"; not "/…", "#…", "?…" or anything with a scheme. */
const HOST_RELATIVE = /^(?![a-z][a-z\d+.-]*:|[/#?])/i;

function keptAttributes(tag: string, attributes: Record<string, string>, host: string | undefined): string[] {
  const kept: string[] = [];
  for (const name of ALLOWED[tag] ?? []) {
    const raw = attributes[name];
    if (raw === undefined) continue;
    let value: string | null = raw;
    if (URL_ATTRIBUTES.has(name)) value = safeUrl(raw, name);
    else if (NUMBER_ATTRIBUTES.has(name)) value = /^\d{1,5}$/.test(raw.trim()) ? raw.trim() : null;
    else if (name === 'target')
      value = raw.trim().toLowerCase() === '_blank' ? '_blank' : null; // named frames have no place here
    else if (name === 'scope') value = ['row', 'col', 'rowgroup', 'colgroup'].includes(raw.trim()) ? raw.trim() : null;
    else if (name === 'reversed') value = '';
    // The joined URL is checked again: the host is configuration, and withHost trims.
    if (tag === 'img' && name === 'src' && value !== null && HOST_RELATIVE.test(value)) value = safeUrl(withHost(value, host), name);
    if (value === null) continue;
    kept.push(value === '' && name === 'reversed' ? name : `${name}="${escapeAttribute(value)}"`);
  }
  if (tag === 'a' && attributes.target?.trim().toLowerCase() === '_blank') kept.push('rel="noopener noreferrer"');
  if (tag === 'img') {
    if (attributes.alt === undefined) kept.push('alt=""');
    kept.push('loading="lazy"', 'decoding="async"');
  }
  return kept;
}

/** `host`: the API origin relative image paths are joined with (the site's by default). */
export function sanitizeArticleHtml(html: string, host?: string): string {
  let out = '';
  const open: string[] = [];
  /** Depth inside an element dropped with its content; nothing is written while it is above 0. */
  let dropping = 0;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (dropping > 0 || DROPPED_WITH_CONTENT.has(name)) {
          if (!VOID.has(name)) dropping++;
          return;
        }
        if (!(name in ALLOWED)) return; // Unknown tag: dropped, its text kept.
        const attrs = keptAttributes(name, attributes, host);
        if (name === 'img' && !attrs.some((a) => a.startsWith('src='))) return; // A picture without a safe source is no picture.
        out += `<${name}${attrs.length ? ` ${attrs.join(' ')}` : ''}>`;
        if (!VOID.has(name)) open.push(name);
      },
      ontext(text) {
        if (dropping === 0) out += escapeText(text);
      },
      onclosetag(name) {
        if (dropping > 0) {
          if (!VOID.has(name)) dropping--;
          return;
        }
        if (!(name in ALLOWED) || VOID.has(name)) return;
        // Close only what this writer opened, innermost first, so the output is always well nested.
        const at = open.lastIndexOf(name);
        if (at === -1) return;
        while (open.length > at) out += `</${open.pop()}>`;
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true, recognizeSelfClosing: false },
  );
  parser.write(html);
  parser.end();
  while (open.length > 0) out += `</${open.pop()}>`;
  return out;
}
