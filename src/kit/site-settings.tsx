/** Site settings from pages.json, for blocks that show company details (phone, e-mail, brand). */
import { createContext, useContext, type ReactNode } from 'react';
import type { SiteSettings } from '../generated/pages-json';

const SettingsContext = createContext<SiteSettings | null>(null);

export function SiteSettingsProvider({ settings, children }: { settings: SiteSettings; children: ReactNode }) {
  return <SettingsContext.Provider value={settings}>{children}</SettingsContext.Provider>;
}

export function useSiteSettings(): SiteSettings {
  const settings = useContext(SettingsContext);
  if (!settings) throw new Error('useSiteSettings() needs a <SiteSettingsProvider> above it (the app shell provides one).');
  return settings;
}

/** "tel:+15550100199" from "+1 (555) 010-0199". */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}
