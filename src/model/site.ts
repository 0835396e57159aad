/**
 * What every page of the site shows, for the browser and the server: the settings and the layout of
 * pages.json, and the API host the blog and send-email calls go to. Only these keys are imported, so the
 * browser bundle never carries the route table, the redirects or the fragments, which grow with the site
 * (the build tree-shakes the other keys of pages.json away). The whole configuration: site-config.ts.
 */
import { layout, settings } from '../../pages.json';
import type { SiteConfig } from '../generated/pages-json';
import { chooseApiHost } from './api-host';

export const site: Pick<SiteConfig, 'settings' | 'layout'> = { settings: settings as SiteConfig['settings'], layout: layout as SiteConfig['layout'] };

/** The API origin of this build (api-host.ts). */
export const apiHost: string = chooseApiHost(import.meta.env?.VITE_API_HOST, site.settings.apiHost);

/** Matches "https:", "data:", "blob:" … and protocol-relative "//cdn…": such paths are already complete. */
const COMPLETE_URL = /^(?:[a-z][a-z\d+.-]*:|\/\/)/i;

/**
 * Joins a path from the API ("uploads/blog/x/banner.svg", with or without a leading slash) with the host, with
 * exactly one slash between: host "" → "/uploads/…", "https://api.example.com/" → "https://api.example.com/uploads/…".
 * Complete URLs pass through; an empty path stays empty (no image rather than a link to the host's root).
 */
export function withHost(path: string, host: string = apiHost): string {
  const trimmed = path.trim();
  if (!trimmed) return '';
  if (COMPLETE_URL.test(trimmed)) return trimmed;
  return `${host.trim().replace(/\/+$/, '')}/${trimmed.replace(/^\/+/, '')}`;
}
