/**
 * Build when needed, then serve dist/ with the production server and the embedded API on a free port, and start
 * the one Chromium every file connects to (a launch per file cost seconds on a busy machine).
 */
import { chromium } from 'playwright-core';
import { distLayout } from '../../src/model/dist-layout';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { siteConfig as site } from '../../src/model/site-config';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
    /** Where the run's Chromium listens (browser.ts connects to it). */
    browserEndpoint: string;
  }
}

const root = path.resolve(import.meta.dirname, '../..');

export default async function setup(project: TestProject) {
  const { ensureBuilt } = await import('../../scripts/build.ts');
  await ensureBuilt();
  const { createSiteServer } = await import('../../server/site-server.ts');
  const { createApiHandler } = await import('../../server/api/router.ts');
  const { createFileStore } = await import('../../server/enquiries/file-store.ts');
  const dataDir = await mkdtemp(path.join(tmpdir(), 'site-data-'));
  const server = createSiteServer({
    distDir: path.join(root, 'dist'),
    site,
    apiHandler: createApiHandler({ enquiries: createFileStore(dataDir), siteId: site.settings.siteId }),
    apiHost: '',
    renderDir: path.join(root, distLayout.renderDir),
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  project.provide('baseUrl', `http://127.0.0.1:${port}`);
  project.provide('dataDir', dataDir);
  const chromiumServer = await chromium.launchServer({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
  });
  project.provide('browserEndpoint', chromiumServer.wsEndpoint());
  return async () => {
    await chromiumServer.close();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await rm(dataDir, { recursive: true, force: true });
  };
}
