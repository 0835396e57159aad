/**
 * No interaction with an island is lost while it waits for its modules (docs/architecture.md, "Hydration"): the
 * visitor's first pointer down, focus, click, key, input or submit inside it starts its hydration at once, and what
 * React would have handled (a click on a carousel's arrow, a form's submit) is held, then replayed in order once the
 * island is hydrated, default actions included (a replayed click on a submit button submits). What the browser
 * does by itself is left alone: following a link, opening a <details>, focus, typing into a field (the form takes
 * the typed values when it mounts) and the keys the browser turns into a click (which is held instead).
 */

/** Events that only start the hydration: the browser's own handling of them (focus, pressing) must go on. */
const STARTERS = ['pointerdown', 'focusin'] as const;
/** Events held until the island is hydrated, when they are likely to need its handlers. */
const HELD = ['click', 'keydown', 'input', 'submit'] as const;

const NATIVE_CLICK = 'a[href], summary';
const EDITABLE = 'textarea, select, [contenteditable=""], [contenteditable="true"], input:not([type="button"], [type="submit"], [type="reset"], [type="image"], [type="checkbox"], [type="radio"])';
const ACTIVATED_BY_KEY = 'button, a[href], summary, input, label';
const KEYS_LEFT_ALONE = new Set(['Tab', 'Shift', 'Control', 'Alt', 'Meta', 'CapsLock']);

/** Whether the island must see this event to act on it, so it is held for the island rather than let through. */
function needsIsland(event: Event): boolean {
  const target = event.target instanceof Element ? event.target : null;
  if (!target) return false;
  if (event.type === 'click') return !target.closest(NATIVE_CLICK);
  if (event.type === 'keydown') {
    const { key, isComposing } = event as KeyboardEvent;
    if (isComposing || KEYS_LEFT_ALONE.has(key) || target.closest(EDITABLE)) return false;
    return !((key === 'Enter' || key === ' ') && target.closest(ACTIVATED_BY_KEY));
  }
  return true; // input, submit
}

/** Where a node is under the root, by child indices: a root rendered afresh (not hydrated) has new nodes in the same places. */
function pathTo(root: Node, node: Node): number[] {
  const path: number[] = [];
  for (let at: Node | null = node; at && at !== root; at = at.parentNode) path.unshift(at.parentNode ? [...at.parentNode.childNodes].indexOf(at as ChildNode) : -1);
  return path;
}

function nodeAt(root: Node, path: number[]): Node | null {
  let at: Node | null = root;
  for (const index of path) at = at?.childNodes[index] ?? null;
  return at;
}

/** A disabled control fires no click: before hydration that is a control the island has not enabled yet. */
const DISABLED = 'button:disabled, input:disabled, select:disabled, textarea:disabled';

/** How long a replay waits for its control to be enabled once the island is hydrated (a carousel enables its arrows once mounted). */
const ENABLE_WAIT_MS = 5000;

function whenEnabled(node: Node): Promise<void> {
  const until = performance.now() + ENABLE_WAIT_MS;
  return new Promise((resolve) => {
    const check = () => (node instanceof Element && node.matches(DISABLED) && performance.now() < until ? setTimeout(check, 30) : resolve());
    check();
  });
}

/** What dispatches the event again on the island once hydrated (on the same element, or the one now in its place). */
function replayOf(root: HTMLElement, event: Event, type = event.type): () => Promise<void> {
  const target = event.target as Element;
  const path = pathTo(root, target);
  const submitter = (event as SubmitEvent).submitter ?? null;
  return async () => {
    const now = root.contains(target) ? target : nodeAt(root, path);
    if (!now) return;
    await whenEnabled(now);
    if (type === 'submit' && now instanceof HTMLFormElement) {
      // requestSubmit fires a fresh submit event, then submits unless a handler prevents it: the default action kept.
      if (submitter && now.contains(submitter)) now.requestSubmit(submitter);
      else now.requestSubmit();
      return;
    }
    // The held event is the init dictionary of its copy: same kind, key, button, coordinates and modifiers.
    const Copy = (type === event.type ? event.constructor : MouseEvent) as new (type: string, init: Event) => Event;
    now.dispatchEvent(new Copy(type, event));
  };
}

/** Every event the watching listens to. */
const LISTENED = [...STARTERS, 'pointerup', ...HELD] as const;

type Replay = () => Promise<void>;

/**
 * Judges each event that reaches an island: holds it (default action and propagation stopped) and returns its
 * replay, or returns whether it starts the island. Remembers a press on a control not enabled yet, whose release
 * makes the click the browser does not fire for it.
 */
function eventJudge(): (event: Event, root: HTMLElement) => { replay?: Replay; starts: boolean } {
  let pressed: Element | null = null;
  return (event, root) => {
    const target = event.target instanceof Element ? event.target : null;
    if (event.type === 'pointerdown') pressed = target?.closest(DISABLED) ?? null;
    if (event.type === 'pointerup') {
      const released = pressed && target?.closest(DISABLED) === pressed;
      pressed = null;
      return released ? { replay: replayOf(root, event, 'click'), starts: true } : { starts: false };
    }
    if (!(HELD as readonly string[]).includes(event.type) || !needsIsland(event)) return { starts: true };
    if (event.cancelable) event.preventDefault();
    event.stopImmediatePropagation();
    return { replay: replayOf(root, event), starts: true };
  };
}

export interface IslandWatch {
  /** Starts the hydration (the runtime calls it when the island's mode says); idempotent. */
  start: () => Promise<void>;
  /** Takes an event the loader held before the runtime ran, and starts the island. */
  adopt: (replay: Replay) => void;
}

/** Watches an island until `hydrate` (idempotent) has settled; events are held only until then. */
export function holdUntilHydrated(root: HTMLElement, hydrate: () => Promise<unknown>): IslandWatch {
  const held: Replay[] = [];
  const judge = eventJudge();
  let settled: Promise<void> | undefined;
  const start = () =>
    (settled ??= hydrate().then(async () => {
      for (const type of LISTENED) root.removeEventListener(type, listen, { capture: true });
      for (const replay of held) await replay();
      held.length = 0;
    }));
  function listen(event: Event) {
    const { replay, starts } = judge(event, root);
    if (replay) held.push(replay);
    if (starts) void start();
  }
  for (const type of LISTENED) root.addEventListener(type, listen, { capture: true });
  return {
    start,
    adopt: (replay) => {
      held.push(replay);
      void start();
    },
  };
}

/** Dispatched on the document when the runtime could not load (src/loader.ts, src/boot.ts). */
export const RUNTIME_FAILED = 'island-runtime-failed';

/** Where the loader leaves what it held for the runtime (one page, one runtime). */
const EARLY = '__islandEventsBeforeRuntime';
interface EarlyEvents {
  /** Stops holding, and hands over what was held, each with its island's root. */
  take: () => Array<{ root: HTMLElement; replay: Replay }>;
}

/**
 * From the inline loader: until the runtime takes over, holds what reaches an island (`[data-island]`), so a
 * visitor who clicks a carousel's arrow before the page's JavaScript has even started loses nothing.
 */
export function holdBeforeRuntime(doc: Document): void {
  const judge = eventJudge();
  const early: Array<{ root: HTMLElement; replay: Replay }> = [];
  const listen = (event: Event) => {
    const root = event.target instanceof Element ? event.target.closest<HTMLElement>('[data-island]') : null;
    const replay = root && judge(event, root).replay;
    if (replay) early.push({ root, replay });
  };
  for (const type of LISTENED) doc.addEventListener(type, listen, { capture: true });
  const handOver: EarlyEvents = {
    take: () => {
      for (const type of LISTENED) doc.removeEventListener(type, listen, { capture: true });
      return early.splice(0);
    },
  };
  (doc.defaultView as unknown as Record<string, EarlyEvents>)[EARLY] = handOver;
  // Without the runtime (a module blocked or failed), what was held goes on as if no script had held it.
  doc.addEventListener(RUNTIME_FAILED, () => void handOver.take().reduce((done, { replay }) => done.then(replay), Promise.resolve()), { once: true });
}

/** From the runtime: what the loader held before it ran (nothing when the page has no loader: the dev server, tests). */
export function takeEarlyEvents(doc: Document): Array<{ root: HTMLElement; replay: Replay }> {
  return (doc.defaultView as unknown as Record<string, EarlyEvents | undefined>)[EARLY]?.take() ?? [];
}
