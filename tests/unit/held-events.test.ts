/** What an island holds before it is hydrated, and how it replays it (src/render/held-events.ts). */
import { beforeEach, describe, expect, it } from 'vitest';
import { holdBeforeRuntime, holdUntilHydrated, RUNTIME_FAILED, takeEarlyEvents } from '../../src/render/held-events';

let root: HTMLElement;
let finish: () => void;
let hydrations: number;
/** Listeners the island's React would attach: they only count once it is hydrated. */
const seen: string[] = [];

beforeEach(() => {
  document.body.innerHTML = '<div id="island"><button type="button" id="next">Next</button><a href="#elsewhere" id="link">Read</a><input id="name"><form id="form"><button id="send">Send</button></form></div>';
  root = document.getElementById('island')!;
  hydrations = 0;
  seen.length = 0;
  for (const type of ['click', 'keydown', 'submit']) root.addEventListener(type, (e) => seen.push(`${type} ${(e.target as Element).id}`));
  root.addEventListener('submit', (e) => e.preventDefault());
});

function watch() {
  return holdUntilHydrated(root, () => {
    hydrations++;
    return new Promise<void>((resolve) => (finish = resolve));
  });
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('holdUntilHydrated', () => {
  it('holds a click on a button, starts the hydration once, and replays the click after it', async () => {
    watch();
    document.getElementById('next')!.click();
    document.getElementById('next')!.click();
    expect(seen).toEqual([]);
    expect(hydrations).toBe(1);
    finish();
    await settle();
    expect(seen).toEqual(['click next', 'click next']);
    document.getElementById('next')!.click();
    expect(seen).toHaveLength(3);
  });

  it('lets what the browser does by itself through: a link, Tab, typing in a field', () => {
    watch();
    document.getElementById('link')!.click();
    document.getElementById('next')!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab', bubbles: true }));
    document.getElementById('name')!.dispatchEvent(new KeyboardEvent('keydown', { key: 'a', bubbles: true }));
    expect(seen).toEqual(['click link', 'keydown next', 'keydown name']);
  });

  it('replays a held submit as a submit of the same form', async () => {
    watch();
    document.getElementById('form')!.dispatchEvent(new SubmitEvent('submit', { bubbles: true, cancelable: true }));
    expect(seen).toEqual([]);
    finish();
    await settle();
    expect(seen).toEqual(['submit form']);
  });

  it('turns a press on a control not enabled yet into its click, replayed once it is enabled', async () => {
    const next = document.getElementById('next') as HTMLButtonElement;
    next.disabled = true;
    watch();
    next.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    next.dispatchEvent(new Event('pointerup', { bubbles: true }));
    finish();
    await settle();
    expect(seen).toEqual([]);
    next.disabled = false;
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(seen).toEqual(['click next']);
  });
});

describe('holdBeforeRuntime', () => {
  it('holds a click on an island until the runtime takes it, and lets it go on when the runtime failed to load', async () => {
    root.setAttribute('data-island', 'visible');
    holdBeforeRuntime(document);
    document.getElementById('send')!.click();
    expect(seen).toEqual([]);
    document.dispatchEvent(new Event(RUNTIME_FAILED));
    await settle();
    expect(seen).toEqual(['click send', 'submit form']);
    expect(takeEarlyEvents(document)).toEqual([]);
  });
});
