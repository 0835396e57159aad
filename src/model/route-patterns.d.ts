/** Made by scripts/vite/route-patterns-plugin.ts from pages.json. */
declare module 'virtual:route-patterns' {
  /** The routes whose paths have parameters ("/blogs/:slug"), in pages.json order. */
  export const routePatterns: ReadonlyArray<{ path: string; page: string }>;
}
