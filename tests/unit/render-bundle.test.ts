// @vitest-environment node
/** The server's one import of the render bundle: a missing build is named, with what to do. */
import path from 'node:path';
import os from 'node:os';
import { expect, it } from 'vitest';
import { importRenderBundle, RenderBundleError } from '../../server/render-bundle.ts';

it('names the file it could not load and says to build', async () => {
  const renderDir = path.join(os.tmpdir(), 'no-build-here');
  const failure = importRenderBundle(renderDir);
  await expect(failure).rejects.toBeInstanceOf(RenderBundleError);
  await expect(failure).rejects.toThrow(`The server cannot load the render bundle ${path.join(renderDir, 'entry-server.js')} (`);
  await expect(failure).rejects.toThrow('Build the site with "npm run build", then start the server again.');
});
