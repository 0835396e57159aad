/**
 * Serves the embedded reference API (server/api) from Vite's dev and preview servers, so `npm run dev`
 * talks to the same endpoints as `npm start` without a second process.
 */
import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import type { Connect, Plugin } from 'vite';
import { createApiHandler } from '../../server/api/router.ts';
import { parseContentJson } from '../content-check/json-positions.ts';

/**
 * settings.siteId, read from pages.json when the API is first called. Importing pages.json here would make it a
 * dependency of vite.config.ts: every edit would restart the dev server, and a syntax error would stop it starting
 * (instead of showing in the error overlay).
 */
function readSiteId(root: string): string {
  const config = parseContentJson(readFileSync(path.join(root, 'pages.json'), 'utf8')) as { settings?: { siteId?: unknown } };
  const siteId = config.settings?.siteId;
  if (typeof siteId !== 'string') throw new Error('pages.json has no settings.siteId; run npm run validate.');
  return siteId;
}

function apiMiddleware(root: string): Connect.NextHandleFunction {
  let handleApi: ReturnType<typeof createApiHandler> | undefined;
  return (req: IncomingMessage, res: ServerResponse, next: Connect.NextFunction) => {
    // Mounted without a path prefix: connect would strip "/api" from req.url, and the API matches full paths.
    if (!req.url?.startsWith('/api/')) return next();
    try {
      handleApi ??= createApiHandler({ dataDir: process.env.DATA_DIR ?? '.data', siteId: readSiteId(root) });
    } catch (error) {
      return next(error);
    }
    handleApi(req, res).then(
      (handled) => {
        if (!handled) next();
      },
      (error: unknown) => next(error),
    );
  };
}

export function embeddedApiPlugin(): Plugin {
  return {
    name: 'embedded-api',
    configureServer(server) {
      server.middlewares.use(apiMiddleware(server.config.root));
    },
    configurePreviewServer(server) {
      server.middlewares.use(apiMiddleware(server.config.root));
    },
  };
}
