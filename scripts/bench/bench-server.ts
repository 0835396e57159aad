/** The production server over dist/ with the embedded API (as `npm start` serves it), on a free port, for the bench's browsers. */
import { mkdtemp } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createApiHandler } from '../../server/api/router.ts';
import { createFileStore } from '../../server/enquiries/file-store.ts';
import { createSiteServer } from '../../server/site-server.ts';
import { distLayout } from '../../src/model/dist-layout.ts';
import { siteConfig as site } from '../../src/model/site-config.ts';

export async function startBenchServer(root: string): Promise<{ origin: string; close: () => void }> {
  const server = createSiteServer({
    distDir: path.join(root, distLayout.clientDir),
    site,
    apiHandler: createApiHandler({ enquiries: createFileStore(await mkdtemp(path.join(tmpdir(), 'bench-data-'))), siteId: site.settings.siteId }),
    apiHost: '',
    renderDir: path.join(root, distLayout.renderDir),
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  };
}
