/**
 * The page editor on a page of 300 blocks, driven in Chromium against the dev server on a copy of the project:
 * the time from navigating to it (warm: every module already transformed once) until the editor, and the preview's
 * screen with the page's blocks, are painted, and the time from an action's input event to the preview frame
 * showing its result, to the next frame painted: a keystroke in a heading, a block inserted from the catalogue, a
 * block moved up.
 */
import path from 'node:path';
import type { Page } from 'playwright-core';
import { startDevProject } from '../dev-project.ts';
import { median } from './stats.ts';
import { editorUrl, EDITOR_PATH, PREVIEW_PATH } from '../../src/editor/shared/editor-contract.ts';
import { addBigPage, BIG_PAGE } from './big-page.ts';
import { launchBenchBrowser, openEditorTimed } from './editor-open.ts';

export interface EditorBench {
  blocks: number;
  /** From navigation until the outline and the form are painted, there to use (`html[data-editor-ready]`). */
  interactiveMs: number[];
  /** From navigation until the preview's screen is painted with the page's blocks as well. */
  openMs: number[];
  keystrokeMs: number[];
  insertMs: number[];
  moveMs: number[];
}

const BLOCKS = BIG_PAGE.blocks;
const KEYSTROKES = 60;
const OPENS = 5;
// Twenty, so the 95th percentile is the nineteenth of twenty, not the largest of ten.
const STRUCTURAL_RUNS = 20;

export const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

/** Milliseconds since the epoch at which the preview frame next painted after `ready(frameDocument)` became true. */
const watchPreview = (page: Page, readyCheck: string) =>
  page.evaluate(
    (check) =>
      new Promise<number>((resolve, reject) => {
        const frame = document.querySelector<HTMLIFrameElement>('iframe[title^="Preview of"]')!.contentWindow!;
        const ready = new Function('doc', check) as (doc: Document) => boolean;
        setTimeout(() => reject(new Error(`the preview never showed it (${check}); its first h1 says "${frame.document.querySelector('h1')?.textContent}"`)), 30_000);
        const observer = new (frame as unknown as typeof window).MutationObserver(() => {
          if (!ready(frame.document)) return;
          observer.disconnect();
          frame.requestAnimationFrame(() => resolve(frame.performance.timeOrigin + frame.performance.now()));
        });
        observer.observe(frame.document.body, { subtree: true, childList: true, characterData: true, attributes: true });
      }),
    readyCheck,
  );

/**
 * Arms the editor to note when the next `type` input event reaches it: the event's own timestamp, the moment the
 * browser received the input (what the Event Timing API and INP start from). Timing from before Playwright's call
 * would add its own actionability checks, about 120 ms of every click on a loaded machine, which no visitor waits for.
 */
const armInput = (page: Page, type: 'pointerdown' | 'keydown') =>
  page.evaluate((t) => {
    const w = window as unknown as { benchInputAt?: number };
    delete w.benchInputAt;
    addEventListener(t, (e) => (w.benchInputAt = performance.timeOrigin + e.timeStamp), { capture: true, once: true });
  }, type);
async function inputAt(page: Page): Promise<number> {
  const at = await page.evaluate(() => (window as unknown as { benchInputAt?: number }).benchInputAt);
  if (at === undefined) throw new Error('The editor never received the input the bench sent: the action went elsewhere (a dialog over it, a moved button).');
  return at;
}

export async function runEditorBench(log: (line: string) => void): Promise<EditorBench> {
  const project = await startDevProject('editor-bench-');
  const browser = await launchBenchBrowser();
  try {
    await addBigPage(project.dir);
    const url = `${project.origin}${editorUrl(BIG_PAGE.path)}`;
    const open = () => openEditorTimed(browser, url, { editorPath: EDITOR_PATH, previewPath: PREVIEW_PATH, entries: BLOCKS });
    // Cold: first the block gallery, which loads every block type, so Vite has found and bundled every dependency
    // (a dependency found late makes it reload the open pages); then the editor once, transforming its modules.
    const warm = await browser.newContext();
    const gallery = await warm.newPage();
    await gallery.goto(`${project.origin}/__blocks`, { waitUntil: 'networkidle', timeout: 180_000 });
    await gallery.goto(`${project.origin}/__blocks`, { waitUntil: 'networkidle', timeout: 180_000 });
    await warm.close();
    await (await open()).context.close();
    const openMs: number[] = [];
    const interactiveMs: number[] = [];
    for (let i = 0; i < OPENS; i++) {
      const opened = await open();
      openMs.push(opened.ms);
      interactiveMs.push(opened.interactive);
      await opened.context.close();
    }
    log(`  open (warm, ${BLOCKS} blocks): interactive ${interactiveMs.map((m) => m.toFixed(0)).join(', ')} ms; preview showing ${openMs.map((m) => m.toFixed(0)).join(', ')} ms`);
    const { page, context } = await open();

    // Keystrokes in the hero's heading, each timed to the frame painted with it.
    await page.getByRole('button', { name: 'Page opening, Anchor #hero', exact: true }).click();
    const heading = page.getByRole('textbox', { name: 'Heading', exact: true });
    await heading.click();
    await heading.press('End');
    const keystrokeMs: number[] = [];
    let text = await heading.inputValue();
    for (let i = 0; i < KEYSTROKES; i++) {
      text += 'abcdefghij'[i % 10];
      const shown = watchPreview(page, `return doc.querySelector('[data-editor-index="0"] h1')?.textContent === ${JSON.stringify(text)}`);
      await armInput(page, 'keydown');
      await page.keyboard.type(text.at(-1)!);
      keystrokeMs.push((await shown) - (await inputAt(page)));
    }

    // Insert a block in the middle from the catalogue, then take it out again (Undo), each timed.
    const entry150 = page.locator('[data-outline-entry]').nth(150);
    await entry150.click();
    const insertMs: number[] = [];
    const moveMs: number[] = [];
    for (let i = 0; i < STRUCTURAL_RUNS; i++) {
      await entry150
        .locator('xpath=..')
        .getByRole('button', { name: /^Add block before/ })
        .click({ force: true });
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('option', { name: /^Questions and answers/ }).click();
      const inserted = watchPreview(page, `return doc.querySelectorAll('[data-block="faq"]').length > ${await page.frameLocator('iframe[title^="Preview of"]').locator('[data-block="faq"]').count()}`);
      await armInput(page, 'pointerdown');
      await dialog.getByRole('button', { name: 'Insert Questions and answers' }).click();
      insertMs.push((await inserted) - (await inputAt(page)));

      const moved = watchPreview(page, `return doc.querySelector('[data-editor-index="149"] [data-block]')?.getAttribute('data-block') === 'faq'`);
      await armInput(page, 'pointerdown');
      await page.getByRole('button', { name: 'Move up', exact: true }).click();
      moveMs.push((await moved) - (await inputAt(page)));
      await page.keyboard.press('Control+z');
      await page.keyboard.press('Control+z');
    }
    await context.close();
    return { blocks: BLOCKS, interactiveMs, openMs, keystrokeMs, insertMs, moveMs };
  } finally {
    await browser.close();
    await project.close();
  }
}

export function reportEditor(bench: EditorBench, budgets: { editorOpenMs: number; editorActionP95Ms: number }, log: (line: string) => void, miss: (what: string) => void): void {
  const line = (what: string, values: number[], budget: number, stat: 'p95' | 'median') => {
    const value = stat === 'p95' ? percentile(values, 95) : median(values);
    const ok = value <= budget;
    if (!ok) miss(`editor ${what}`);
    log(`  ${what.padEnd(26)} median ${median(values).toFixed(1).padStart(6)} ms  p95 ${percentile(values, 95).toFixed(1).padStart(6)} ms  [${ok ? 'ok  ' : 'OVER'} budget ${stat} ≤ ${budget} ms]  (${values.length} runs)`);
  };
  log(`\nEditor on a page of ${bench.blocks} blocks (dev server, Chromium; action → preview painted)`);
  line('interactive, warm', bench.interactiveMs, budgets.editorOpenMs, 'median');
  line('open with preview, warm', bench.openMs, budgets.editorOpenMs, 'median');
  line('keystroke → preview', bench.keystrokeMs, budgets.editorActionP95Ms, 'p95');
  line('insert block → preview', bench.insertMs, budgets.editorActionP95Ms, 'p95');
  line('move block → preview', bench.moveMs, budgets.editorActionP95Ms, 'p95');
}

/** In a process of its own, apart from what the bench's process has loaded and set (NODE_ENV among it). */
export async function runEditorBenchApart(root: string, log: (line: string) => void): Promise<EditorBench> {
  const { spawn } = await import('node:child_process');
  const output: string[] = [];
  const code = await new Promise<number | null>((resolve, reject) => {
    const child = spawn(path.join(root, 'node_modules', '.bin', 'tsx'), [path.join(root, 'scripts/bench/editor.ts')], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, NODE_ENV: 'development' } });
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.on('error', reject).on('close', resolve);
  });
  const lines = output.join('').trim().split('\n');
  if (code !== 0) throw new Error(`The editor bench failed (exit ${code}):\n${lines.slice(-20).join('\n')}`);
  for (const line of lines.slice(0, -1)) log(line);
  return JSON.parse(lines.at(-1)!) as EditorBench;
}

if (process.argv[1] && import.meta.filename === path.resolve(process.argv[1])) {
  const result = await runEditorBench((line) => console.log(line));
  console.log(JSON.stringify(result));
}
