/** pages.json and the pictures under public/, as the open editor last read them: routes for link suggestions, fragments and layout for the preview. */
import { create } from 'zustand';
import type { PublicImage } from './editor-client';

export interface SiteValue {
  routes?: Array<{ path: string; page: string }>;
  redirects?: Array<{ from: string; to: string }>;
  fragments?: Record<string, unknown>;
  layout?: { header?: unknown; footer?: unknown };
  [key: string]: unknown;
}

export interface SiteState {
  version: string | null;
  value: SiteValue;
  images: PublicImage[];
}

export const useSite = create<SiteState>()(() => ({ version: null, value: {}, images: [] }));
