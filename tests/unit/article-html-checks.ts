/**
 * What a sanitised article may hold, checked on the DOM jsdom builds from it (the way a browser reads it), not
 * on the string: shared by the vector tests and the property test of the article sanitiser.
 */

/** Every element the writer may emit; anything else (script, svg, form, base, style …) is a failure. */
const ELEMENTS = new Set([
  'p',
  'br',
  'hr',
  'div',
  'span',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'sub',
  'sup',
  'small',
  'mark',
  'code',
  'kbd',
  'pre',
  'blockquote',
  'q',
  'cite',
  'abbr',
  'ul',
  'ol',
  'li',
  'dl',
  'dt',
  'dd',
  'a',
  'img',
  'figure',
  'figcaption',
  'table',
  'caption',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
]);
/** Every attribute the writer may emit. */
const ATTRIBUTES = new Set(['href', 'src', 'cite', 'title', 'target', 'rel', 'alt', 'width', 'height', 'colspan', 'rowspan', 'scope', 'start', 'reversed', 'value', 'loading', 'decoding']);
const LINK_PROTOCOLS = ['http:', 'https:', 'mailto:', 'tel:'];
const MEDIA_PROTOCOLS = ['http:', 'https:'];
/** The page an article is shown on: relative references resolve against it. */
const PAGE = 'https://site.example/blogs/an-article';
const INVISIBLE = /[\p{White_Space}\p{Cc}\p{Cf}]/gu;
const HTML_NAMESPACE = 'http://www.w3.org/1999/xhtml';

/** The sanitised HTML as a browser would build it, without running or loading anything (a template's content). */
export function parse(clean: string): DocumentFragment {
  const template = document.createElement('template');
  template.innerHTML = clean;
  return template.content;
}

/** Everything wrong with a sanitiser's output, in words; empty when it is safe. */
export function problemsOf(clean: string): string[] {
  const problems: string[] = [];
  for (const element of parse(clean).querySelectorAll('*')) {
    const tag = element.localName;
    if (element.namespaceURI !== HTML_NAMESPACE) problems.push(`<${tag}> in the namespace ${element.namespaceURI}`);
    if (!ELEMENTS.has(tag)) problems.push(`element <${tag}>`);
    for (const { name, value } of element.attributes) {
      if (name.startsWith('on')) problems.push(`handler ${name} on <${tag}>`);
      else if (!ATTRIBUTES.has(name)) problems.push(`attribute ${name} on <${tag}>`);
      if (name !== 'href' && name !== 'src' && name !== 'cite') continue;
      const allowed = name === 'href' ? LINK_PROTOCOLS : MEDIA_PROTOCOLS;
      let protocol: string;
      try {
        protocol = new URL(value, PAGE).protocol;
      } catch {
        problems.push(`${name}=${JSON.stringify(value)} on <${tag}> is no URL`);
        continue;
      }
      if (!allowed.includes(protocol)) problems.push(`${name}=${JSON.stringify(value)} on <${tag}> is ${protocol}`);
      // A reader that drops invisible characters (trim(), a feed reader) must not find another scheme either.
      const loose = /^([a-z][a-z\d+.-]*):/i.exec(value.replace(INVISIBLE, ''))?.[1]?.toLowerCase();
      if (loose !== undefined && !allowed.includes(`${loose}:`)) problems.push(`${name}=${JSON.stringify(value)} on <${tag}> reads as ${loose}: without its invisible characters`);
    }
  }
  return problems;
}
