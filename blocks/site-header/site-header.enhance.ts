/**
 * The site header's behaviour without React. It ships on every page, so it stays small and imports nothing.
 *
 * The markup holds the state, so the menus open with JavaScript off too: each mega-menu and each section of
 * the mobile menu is a `<details>` (one `name` per group: one open at a time), and the mobile menu is a modal
 * `<dialog>` that its buttons open and close by invoker command (`commandfor`), closed by Escape and a click on
 * its backdrop (`closedby="any"`). This adds what the platform does not do: Escape and a click outside close a
 * mega-menu (focus back on its summary), following a link or going back closes every menu, Tab cycles inside the
 * mobile menu, and the commands and the backdrop click where a browser lacks them. It also marks `<html
 * data-scrolled>` while the page is scrolled, which the header's and the hero's CSS read.
 */
const attached = new WeakSet<HTMLElement>();

export default function enhance(root: HTMLElement): () => void {
  if (attached.has(root)) return () => {};
  attached.add(root);
  const listening = new AbortController();
  const options = { signal: listening.signal };
  const html = document.documentElement;
  const dialog = root.querySelector('dialog');

  const markScrolled = () => html.toggleAttribute('data-scrolled', window.scrollY > 0);
  markScrolled();
  window.addEventListener('scroll', markScrolled, { passive: true, signal: listening.signal });

  const openMegaMenu = () => root.querySelector<HTMLDetailsElement>('details[data-mega-menu][open]');
  const closeMenus = () => {
    const megaMenu = openMegaMenu();
    if (megaMenu) megaMenu.open = false;
    if (dialog?.open) dialog.close();
  };
  // Going back within the page (after an anchor link) closes whatever was open, as following a link does.
  window.addEventListener('popstate', closeMenus, options);
  root.addEventListener('click', (event) => (event.target as Element).closest('a[href]') && closeMenus(), options);
  root.addEventListener(
    'keydown',
    (event) => {
      const megaMenu = openMegaMenu();
      if (event.key !== 'Escape' || !megaMenu) return;
      megaMenu.open = false;
      megaMenu.querySelector('summary')?.focus();
    },
    options,
  );
  document.addEventListener(
    'pointerdown',
    (event) => {
      const megaMenu = openMegaMenu();
      if (megaMenu && !root.contains(event.target as Node)) megaMenu.open = false;
    },
    options,
  );

  if (dialog) enhanceMenuDialog(root, dialog, options);
  return () => {
    listening.abort();
    attached.delete(root);
    html.removeAttribute('data-scrolled');
  };
}

/** The modal mobile menu: Tab cycles inside it, and its commands and light dismiss work where the browser lacks them. */
function enhanceMenuDialog(root: HTMLElement, dialog: HTMLDialogElement, options: AddEventListenerOptions) {
  dialog.addEventListener(
    'keydown',
    (event) => {
      if (event.key !== 'Tab') return;
      // The Close button comes first and the call to action last, both always shown: the ends of the cycle.
      const stops = dialog.querySelectorAll<HTMLElement>('a[href], button, summary');
      const [first, last] = [stops[0], stops[stops.length - 1]];
      if (document.activeElement !== (event.shiftKey ? first : last)) return;
      event.preventDefault();
      (event.shiftKey ? last : first)?.focus();
    },
    options,
  );
  // A browser that does not give focus back to the Menu button on close (or never focused it on click).
  const opener = root.querySelector<HTMLElement>(`[commandfor="${dialog.id}"][command="show-modal"]`);
  dialog.addEventListener('close', () => (document.activeElement === document.body || !document.activeElement) && opener?.focus(), options);

  if (!('command' in HTMLButtonElement.prototype)) {
    root.addEventListener(
      'click',
      (event) => {
        const command = (event.target as Element).closest(`button[commandfor="${dialog.id}"]`)?.getAttribute('command');
        if (command === 'show-modal' && !dialog.open) dialog.showModal();
        else if (command === 'close') dialog.close();
      },
      options,
    );
  }
  if (!('closedBy' in HTMLDialogElement.prototype)) {
    // A click on the backdrop reaches the dialog itself, outside its box.
    dialog.addEventListener(
      'click',
      (event) => {
        const box = dialog.getBoundingClientRect();
        const outside = event.clientX < box.left || event.clientX > box.right || event.clientY < box.top || event.clientY > box.bottom;
        if (event.target === dialog && outside) dialog.close();
      },
      options,
    );
  }
}
