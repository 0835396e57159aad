/**
 * How long a test waits for a state it expects (a text, an attribute, a response, a server's "listening" line)
 * before it fails. Sized for a loaded 2-core CI machine, where a page that hydrates in 0.3 s alone can take
 * several seconds; a test never waits this long when things work, as every wait ends at the awaited state.
 * The one number for every such wait: vitest.config.ts makes it expect.poll's default, browser.ts Playwright's.
 */
export const UI_TIMEOUT = 30_000;
