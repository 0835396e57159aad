/**
 * Serves the embedded reference API (server/api) and the image endpoint (/_image, for the blog's pictures) from
 * Vite's dev and preview servers, so `npm run dev` talks to the same endpoints as `npm start` without a second
 * process.
 */
import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import type { Connect, Plugin } from 'vite';
import { createApiHandler } from '../../server/api/router.ts';
import { createFileStore } from '../../server/enquiries/file-store.ts';
import { createImageEndpoint } from '../../server/images/image-endpoint.ts';
import { IMAGE_ENDPOINT_PATH } from '../../src/model/image-endpoint-url.ts';
import { parseContentJson } from '../content-check/json-positions.ts';
import { chooseApiHost } from '../../src/model/api-host.ts';

/**
 * settings.siteId, read from pages.json when the API is first called. Importing pages.json here would make it a
 * dependency of vite.config.ts: every edit would restart the dev server, and a syntax error would stop it starting
 * (instead of showing in the error overlay).
 */
function readSettings(root: string): { siteId: string; apiHost: string } {
  const config = parseContentJson(readFileSync(path.join(root, 'pages.json'), 'utf8')) as { settings?: { siteId?: unknown; apiHost?: unknown } };
  const siteId = config.settings?.siteId;
  if (typeof siteId !== 'string') throw new Error('pages.json has no settings.siteId; run npm run validate.');
  const apiHost = chooseApiHost(process.env.VITE_API_HOST, config.settings?.apiHost);
  return { siteId, apiHost };
}

function apiMiddleware(root: string): Connect.NextHandleFunction {
  let handleApi: ReturnType<typeof createApiHandler> | undefined;
  return (req: IncomingMessage, res: ServerResponse, next: Connect.NextFunction) => {
    // Mounted without a path prefix: connect would strip "/api" from req.url, and the API matches full paths.
    if (!req.url?.startsWith('/api/')) return next();
    try {
      handleApi ??= createApiHandler({ enquiries: createFileStore(process.env.DATA_DIR ?? '.data'), siteId: readSettings(root).siteId });
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

/** /_image as the production server answers it; the site's own pictures by path come from public/. */
function imageMiddleware(root: string): Connect.NextHandleFunction {
  let serveImage: ReturnType<typeof createImageEndpoint> | undefined;
  return (req: IncomingMessage, res: ServerResponse, next: Connect.NextFunction) => {
    const [pathname, search = ''] = (req.url ?? '').split('?');
    if (pathname !== IMAGE_ENDPOINT_PATH) return next();
    try {
      const dataDir = process.env.DATA_DIR ?? '.data';
      serveImage ??= createImageEndpoint({ distDir: path.join(root, 'public'), apiHost: readSettings(root).apiHost, cacheDir: path.resolve(root, dataDir, 'image-cache'), cacheBytes: 256 * 1024 * 1024 });
    } catch (error) {
      return next(error);
    }
    serveImage(req, res, search).catch((error: unknown) => next(error));
  };
}

export function embeddedApiPlugin(): Plugin {
  return {
    name: 'embedded-api',
    configureServer(server) {
      server.middlewares.use(apiMiddleware(server.config.root));
      server.middlewares.use(imageMiddleware(server.config.root));
    },
    configurePreviewServer(server) {
      server.middlewares.use(apiMiddleware(server.config.root));
      server.middlewares.use(imageMiddleware(server.config.root));
    },
  };
}
