/**
 * How a block comes alive in the browser (its schema's "x-hydrate"; docs/architecture.md, "Hydration"):
 * `none` — server HTML only, its component never reaches the browser; `load` — hydrated as soon as the runtime
 * starts; `idle` — when the browser is idle; `visible` — when it nears the viewport; `interaction` — only when the
 * visitor focuses, presses or types inside it (a form: most visitors never touch it, so its code is not run for
 * them). Shared by gen:types, the content check, the render (which marks each island) and the browser's island
 * runtime.
 */
export const hydrationModes = ['none', 'load', 'idle', 'visible', 'interaction'] as const;

export type HydrationMode = (typeof hydrationModes)[number];

/** A block without "x-hydrate" is static: what the server rendered is all it is. */
export const DEFAULT_HYDRATION: HydrationMode = 'none';

/** Marks an island's root (the block's `data-block` element) with its mode; the runtime finds islands by it. */
export const ISLAND_MODE_ATTRIBUTE = 'data-island';

/** Where an island's block entry is: `layout:header`, `layout:footer` or `page:<index into the page's blocks>`. */
export const ISLAND_ENTRY_ATTRIBUTE = 'data-island-entry';

export type IslandEntryKey = `layout:${'header' | 'footer'}` | `page:${number}`;
