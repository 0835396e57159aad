/** Organization structured data (schema.org JSON-LD) for the home page: name, address, contact, profiles. */
import type { SiteSettings } from '../generated/pages-json';
import { scriptJson } from '../model/script-json';

export function organizationData(settings: SiteSettings): Record<string, unknown> {
  const { contact } = settings;
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: settings.brand,
    url: `${settings.siteUrl}/`,
    logo: `${settings.siteUrl}${settings.shareImage}`,
    email: contact.email,
    telephone: contact.phone,
    address: { '@type': 'PostalAddress', addressLocality: contact.city },
    contactPoint: [
      { '@type': 'ContactPoint', contactType: 'sales', email: contact.email, telephone: contact.phone },
      { '@type': 'ContactPoint', contactType: 'recruiting', email: contact.hrEmail },
    ],
    sameAs: contact.social.map((s) => s.href),
  };
}

/** A data block, not a script: browsers never run it, so the CSP needs no exception for it. */
export function jsonLdTag(data: Record<string, unknown>): string {
  return `<script type="application/ld+json">${scriptJson(data)}</script>`;
}
