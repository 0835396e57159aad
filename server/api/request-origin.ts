/**
 * Whose page may send an enquiry: a browser names the page's origin in `Origin` on every POST, so another site's
 * form (or script) posting to us, with the visitor's browser and address, is refused. The site's own pages are
 * those of the address the request was made to (Host), or of settings.siteUrl (the public address, when a proxy
 * hands us another Host). A request without Origin is no browser page (a server, a script of the API's own
 * clients): it is judged by the other checks alone, as before.
 */
import type { IncomingMessage } from 'node:http';

/** Why the request is refused, in words for the visitor; null when it may go on. */
export function originRefusal(req: IncomingMessage, siteUrl: string | undefined): string | null {
  const origin = req.headers.origin;
  if (origin === undefined) return null;
  const refused = `Your message was not sent: it came from ${origin === 'null' ? 'a page without an address' : `another site (${origin})`}, and this site takes enquiries only from its own pages. Please write to us from our contact page.`;
  if (!URL.canParse(origin)) return refused;
  const from = new URL(origin);
  if (from.host === req.headers.host) return null;
  if (siteUrl && URL.canParse(siteUrl) && from.origin === new URL(siteUrl).origin) return null;
  return refused;
}
