/**
 * The origin the blog and send-email calls go to, chosen in this one place for the browser, the server, the dev
 * server and the content check: VITE_API_HOST (build time) wins over settings.apiHost in pages.json; empty means
 * the site's own origin, the embedded API. No import of pages.json here, so build tools can use it.
 */
export function chooseApiHost(fromEnv: unknown, fromSettings: unknown): string {
  const chosen = typeof fromEnv === 'string' ? fromEnv : typeof fromSettings === 'string' ? fromSettings : '';
  return chosen.trim();
}
