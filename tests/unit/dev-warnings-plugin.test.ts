// @vitest-environment node
/** The dev server's side of content warnings: printed in the terminal, sent to every page, and to a page that asks. */
import { describe, expect, it, vi } from 'vitest';
import type { ViteDevServer } from 'vite';
import { contentValidationPlugin } from '../../scripts/content-check/vite-plugin';
import { baseSiteConfig, fixtureSitePerTest } from './fixtures/content-site';

const site = fixtureSitePerTest();

/** The plugin's dev-server hook on a stand-in server that records what it prints and sends. */
function startDevPlugin(root: string) {
  const warned: string[] = [];
  const sent: Array<[unknown, unknown?]> = [];
  const handlers = new Map<string, (data: unknown, client: { send(event: string, payload: unknown): void }) => void>();
  const watcher = { add: () => watcher, on: () => watcher };
  const server = {
    config: { logger: { warn: (m: string) => warned.push(m), info: () => {}, error: () => {} } },
    ws: { send: (event: unknown, payload?: unknown) => sent.push([event, payload]), on: (event: string, handler: never) => handlers.set(event, handler) },
    watcher,
  };
  const plugin = contentValidationPlugin();
  (plugin.configResolved as (c: unknown) => void)({ root, build: { ssr: false }, plugins: [] });
  (plugin.configureServer as (s: ViteDevServer) => void)(server as unknown as ViteDevServer);
  return { warned, sent, handlers };
}

describe('content warnings in the dev server', () => {
  it('prints a redirect chain in the terminal and sends it to the pages as content:warnings, without an error', async () => {
    const config = baseSiteConfig();
    config.redirects.push({ from: '/old-services', to: '/services' });
    await site.write('pages.json', config);
    const { warned, sent, handlers } = startDevPlugin(site.root);
    await vi.waitFor(() => expect(sent.some(([event]) => event === 'content:warnings')).toBe(true), { timeout: 20_000 });

    const chain = 'a chain of redirects: "/old-services" → "/services" → "/about". Visitors are sent straight to "/about"; write "to": "/about" here so pages.json says so.';
    const [, payload] = sent.find(([event]) => event === 'content:warnings')!;
    expect((payload as { warnings: unknown[] }).warnings).toContainEqual({ file: 'pages.json', line: 38, column: 7, where: 'redirects[1].to', message: chain });
    expect(warned.join('\n')).toContain(`pages.json:38:7  warning: redirects[1].to: ${chain}`);
    expect(sent.some(([payload]) => (payload as { type?: string }).type === 'error')).toBe(false);

    // A page that opens later asks for them.
    const answers: unknown[] = [];
    handlers.get('content:warnings-request')!(undefined, { send: (_event, answer) => answers.push(answer) });
    expect(answers).toEqual([payload]);
  }, 30_000);
});
