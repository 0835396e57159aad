/**
 * In the dev server, a page is answered with the status the production server gives it: 404 for a path no route
 * leads to and for an unknown article, not Vite's 200 for every path. The page's HTML is the same either way (the
 * app renders the 404 page in the browser); the status comes from the app's own answer for the path
 * (answerWithStatus in src/app/page-documents.ts), loaded through Vite as the page loads it, so it follows every edit.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isRunnableDevEnvironment, type Connect, type Plugin, type ViteDevServer } from 'vite';
import type * as PageDocuments from '../../src/app/page-documents.ts';

/** The dev server's own pages (the editor, the block gallery): routes cannot hold "_" (schemas/pages.schema.json). */
const isDevToolPath = (path: string) => path.startsWith('/__');

/** Vite's middleware that sends index.html sets status 200 as it ends the response: the page's own status wins. */
function sendWithStatus(res: ServerResponse, status: number): void {
  const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
  res.end = ((...args: unknown[]) => {
    if (res.statusCode === 200) res.statusCode = status;
    return end(...args);
  }) as ServerResponse['end'];
}

function statusMiddleware(server: ViteDevServer): Connect.NextHandleFunction {
  return (req: IncomingMessage & { originalUrl?: string }, res: ServerResponse, next: Connect.NextFunction) => {
    // Vite's HTML fallback has turned a page's path into /index.html by now; the path asked for is originalUrl.
    const path = (req.originalUrl ?? req.url ?? '/').split('?')[0]!;
    if (req.url?.split('?')[0] !== '/index.html' || isDevToolPath(path)) return next();
    // The page's loaders ask the API at the page's own origin, as they do in the browser.
    const origin = `http://${req.headers.host ?? 'localhost'}`;
    const fetchHere: typeof fetch = (input, init) => fetch(typeof input === 'string' ? new URL(input, origin) : input, init);
    const ssr = server.environments.ssr;
    if (!isRunnableDevEnvironment(ssr)) return next();
    // The runner itself, not ssrLoadModule, which prints every module that fails (content with a syntax error) again
    // on each page load, over the content check's own report.
    ssr.runner
      .import<typeof PageDocuments>('/src/app/page-documents.ts')
      .then(({ answerWithStatus }) => answerWithStatus(path, { fetch: fetchHere, report: (message) => server.config.logger.warn(message, { timestamp: true }) }))
      .then(
        ({ status }) => sendWithStatus(res, status),
        // Content that does not load (a syntax error): the page says so in the browser and the overlay, with status 200.
        () => undefined,
      )
      .finally(next);
  };
}

export function pageStatusPlugin(): Plugin {
  return {
    name: 'page-status',
    apply: 'serve',
    // Returned, so it runs after Vite's HTML fallback and before the middleware that sends index.html.
    configureServer: (server) => () => void server.middlewares.use(statusMiddleware(server)),
  };
}
