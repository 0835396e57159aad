/**
 * The whole of pages.json, typed (its shape is guaranteed by validation at build time): routes, redirects,
 * fragments and the 404 page besides what site.ts offers. For the server, the prerender, the tools and the
 * dev server; the browser bundle of the production build never imports it (each page carries its own answer,
 * embedded-answer.ts), so a page's JavaScript does not grow with the number of routes.
 */
import siteJson from '../../pages.json' with { type: 'json' };
import type { SiteConfig } from '../generated/pages-json';

export const siteConfig = siteJson as unknown as SiteConfig;
