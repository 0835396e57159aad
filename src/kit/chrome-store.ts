/** Shared state of the site chrome: the mobile menu and whether the page is scrolled (header and hero). */
import { create } from 'zustand';

interface ChromeState {
  menuOpen: boolean;
  scrolled: boolean;
  setMenuOpen(open: boolean): void;
  setScrolled(scrolled: boolean): void;
}

export const useChromeStore = create<ChromeState>()((set) => ({
  menuOpen: false,
  scrolled: false,
  setMenuOpen: (menuOpen) => set({ menuOpen }),
  setScrolled: (scrolled) => set({ scrolled }),
}));
