/** The feed's name, in its channel and in the pages' <link rel="alternate">. */
import type { SiteSettings } from '../../generated/pages-json';

export function feedTitle(settings: SiteSettings): string {
  return `${settings.brand} Insights`;
}
