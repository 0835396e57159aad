/**
 * When the page's content or code fails to load, say so in plain words rather than leave a blank page. A
 * prerendered page keeps its HTML, which still reads well without the app; only an empty shell (the dev server's)
 * gets the notice.
 */
export function showLoadFailure(container: HTMLElement | null, error: unknown): void {
  console.error('The page could not be loaded.', error);
  if (!container || container.firstElementChild) return;
  const notice = document.createElement('div');
  notice.setAttribute('role', 'alert');
  notice.dataset.loadFailure = '';
  Object.assign(notice.style, { maxWidth: '40rem', margin: '4rem auto', padding: '0 1rem', fontFamily: 'system-ui, sans-serif', lineHeight: '1.5' });
  const add = (tag: string, text: string) => notice.appendChild(Object.assign(document.createElement(tag), { textContent: text }));
  add('h1', 'This page could not be loaded');
  add(
    'p',
    import.meta.env.DEV
      ? 'A file the page needs has an error. The error overlay and the terminal running npm run dev name the file and line to fix; npm run validate lists every content error. The page reloads when you save the fix.'
      : 'Something went wrong while loading it. Please reload the page in a moment.',
  );
  const detail = add('p', error instanceof Error ? error.message : String(error));
  detail.style.color = '#555';
  const reload = add('button', 'Reload');
  reload.addEventListener('click', () => window.location.reload());
  container.replaceChildren(notice);
}
