/** Starts the delivery of enquiries for this installation, and says once where they go. */
import path from 'node:path';
import type { SiteConfig } from '../../src/generated/pages-json.ts';
import type { ServerConfig } from '../config.ts';
import type { EnquiryStore, RunningDelivery } from '../enquiries/enquiry-store.ts';
import type { Logger } from '../logger.ts';
import { createMailTransport } from './mail-transport.ts';

export function startMail(store: EnquiryStore, config: ServerConfig, site: SiteConfig, log: Logger): RunningDelivery {
  const host = new URL(site.settings.siteUrl).hostname;
  const to = config.mailTo ?? site.settings.contact.email;
  const transport = createMailTransport(config.smtpUrl, path.join(config.dataDir, 'mail'));
  log.info(`Enquiries are queued in ${store.describe()} and go to ${to} through ${transport.describe()}`);
  return store.startDelivery({ transport, addresses: { to, from: config.mailFrom ?? `no-reply@${host}`, host }, log });
}
