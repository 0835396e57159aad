/**
 * How the bench opens the page editor and times it, for the dev editor and the studio's alike: the time from
 * navigating to the editor until it is there to use (its outline lists every block of the page) and the preview's
 * screen shows the page's blocks, noted in the page itself at the frame painted.
 */
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

/** Debian's Chromium, as the browser tests drive it, without the background work that would share its cores. */
export const launchBenchBrowser = (): Promise<Browser> =>
  chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
  });

/**
 * Notes in the editor's window when the editor (html[data-editor-ready], and `entries` entries in its outline) and
 * the preview's screen (the page's first block there, and no placeholder left on the frame's screen) were first
 * painted, in ms since the editor's navigation started: what its user sees, taken in the page rather than by the
 * bench's own waits, whose round trips to the browser added several hundred ms on a loaded machine. A string: it
 * runs in every frame as it is, untranspiled (an init script, so a CSP without inline scripts does not stop it).
 */
const markOpened = (editorPath: string, previewPath: string, entries: number) => `(() => {
  const top = window.top;
  const note = (what) => requestAnimationFrame(() => {
    top.editorOpened = { ...top.editorOpened, [what]: performance.timeOrigin + performance.now() - top.performance.timeOrigin };
  });
  if (location.pathname === ${JSON.stringify(editorPath)}) {
    const check = () => {
      if (!document.documentElement.hasAttribute('data-editor-ready')) return;
      if (document.querySelectorAll('[data-outline-entry]').length < ${entries}) return;
      watch.disconnect();
      note('ready');
    };
    const watch = new MutationObserver(check);
    watch.observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-editor-ready'] });
  } else if (location.pathname === ${JSON.stringify(previewPath)}) {
    const check = () => {
      // The page's preview, not the block catalogue's example frame (the page's may not be named yet).
      if (window.frameElement?.title.startsWith('Example of')) return;
      if (!document.querySelector('main [data-editor-index] > [data-block]')) return;
      if (![...document.querySelectorAll('[data-preview-placeholder]')].every((p) => p.getBoundingClientRect().top >= innerHeight)) return;
      watch.disconnect();
      clearInterval(timer);
      note('shown');
    };
    const watch = new MutationObserver(check);
    watch.observe(document, { subtree: true, childList: true, attributes: true });
    // Also now and then: a picture loading moves placeholders without changing the document.
    const timer = setInterval(check, 100);
  }
})();`;

export interface EditorOpening {
  /** Where the editor page and its preview frame are served: /__edit and /__edit/preview, or the studio's. */
  editorPath: string;
  previewPath: string;
  /** The page's blocks: the outline lists as many before the editor counts as usable. */
  entries: number;
  /** Prepares each new context before the navigation (the studio's sign-in). */
  prepare?: (context: BrowserContext) => Promise<void>;
}

export interface OpenedEditor {
  page: Page;
  context: BrowserContext;
  /** ms from the navigation until the editor was usable. */
  interactive: number;
  /** ms from the navigation until the editor was usable and the preview's screen showed the page. */
  ms: number;
}

/** A new tab on the editor at `url`, and the milliseconds from its navigation until it, and the preview's screen, were painted. */
export async function openEditorTimed(browser: Browser, url: string, opening: EditorOpening): Promise<OpenedEditor> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await opening.prepare?.(context);
  await context.addInitScript({ content: markOpened(opening.editorPath, opening.previewPath, opening.entries) });
  const page = await context.newPage();
  const said: string[] = [];
  page.on('console', (m) => said.push(`${m.type()}: ${m.text()}`));
  page.on('pageerror', (e) => said.push(`uncaught: ${e.message}`));
  page.on('requestfailed', (r) => said.push(`failed: ${r.url()} ${r.failure()?.errorText}`));
  await page.goto(url);
  const opened = await page
    .waitForFunction(
      () => {
        const times = (window as unknown as { editorOpened?: { ready?: number; shown?: number } }).editorOpened;
        return times?.ready !== undefined && times.shown !== undefined && times;
      },
      undefined,
      // Not at every frame (Playwright's default): the polling would take its share of the thread it measures.
      { timeout: 120_000, polling: 100 },
    )
    .then((handle) => handle.jsonValue() as Promise<{ ready: number; shown: number }>)
    .catch(async (error: Error) => {
      const noted = await page.evaluate(() => JSON.stringify((window as unknown as { editorOpened?: unknown }).editorOpened ?? {})).catch(() => '?');
      throw new Error(`${error.message}\nOpening ${url}; noted so far: ${noted}. The page said:\n${said.slice(-15).join('\n')}`);
    });
  await page.waitForSelector('html[data-editor-ready]', { state: 'attached' });
  return { page, context, interactive: opened.ready, ms: Math.max(opened.ready, opened.shown) };
}
