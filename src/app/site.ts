/** pages.json, typed. Its shape is guaranteed by validation at build time. */
import siteJson from '../../pages.json';
import type { SiteConfig } from '../generated/site-config';

export const site = siteJson as unknown as SiteConfig;
