/**
 * Serves the embedded reference API (scripts/api) from Vite's dev and preview servers, so `npm run dev`
 * talks to the same endpoints as `npm start` without a second process.
 */
import { site } from '../../src/model/site.ts';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Connect, Plugin } from 'vite';
import { createApiHandler } from '../../server/api/router.ts';

function apiMiddleware(): Connect.NextHandleFunction {
  const handleApi = createApiHandler({ dataDir: process.env.DATA_DIR ?? '.data', siteId: site.settings.siteId });
  return (req: IncomingMessage, res: ServerResponse, next: Connect.NextFunction) => {
    // Mounted without a path prefix: connect would strip "/api" from req.url, and the API matches full paths.
    if (!req.url?.startsWith('/api/')) return next();
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
      server.middlewares.use(apiMiddleware());
    },
    configurePreviewServer(server) {
      server.middlewares.use(apiMiddleware());
    },
  };
}
