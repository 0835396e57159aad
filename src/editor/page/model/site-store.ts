/** What the editor knows of the project besides the open documents: the pictures under public/ and which pages use each fragment. */
import { create } from 'zustand';
import type { PublicImage } from '../../shared/editor-contract';

export interface SiteValue {
  routes?: Array<{ path: string; page: string }>;
  redirects?: Array<{ from: string; to: string }>;
  fragments?: Record<string, unknown>;
  layout?: { header?: unknown; footer?: unknown };
  [key: string]: unknown;
}

export interface SiteState {
  images: PublicImage[];
  /** Fragment name → the page documents that insert it ("about"). */
  fragmentUse: Record<string, string[]>;
}

export const useSite = create<SiteState>()(() => ({ images: [], fragmentUse: {} }));
