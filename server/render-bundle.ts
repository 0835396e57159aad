/**
 * The one place the server imports the render bundle (dist-server/render/entry-server.js, src/entry-server.tsx):
 * the process reads the site's settings from it at start (main.ts), and renders pages and documents with it on
 * request (render-on-request.ts). Node keeps one instance per URL, so both get the same module; a server that
 * follows new builds (site-server.ts, followBuilds) names the build in the URL and so gets the new one.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { distLayout, type ServerBundle } from '../src/model/dist-layout.ts';

/** The build is missing or broken: the message says where, and to build. */
export class RenderBundleError extends Error {}

/** `build` is the build's stamp, when the process may see more than one build (undefined: the one at start). */
export async function importRenderBundle(renderDir: string, build?: string): Promise<ServerBundle> {
  const file = path.join(renderDir, distLayout.renderEntry);
  const url = pathToFileURL(file);
  if (build !== undefined) url.searchParams.set('build', build);
  try {
    return (await import(url.href)) as ServerBundle;
  } catch (error) {
    const cause = error instanceof Error ? error.message : String(error);
    throw new RenderBundleError(`The server cannot load the render bundle ${file} (${cause}). Build the site with "npm run build", then start the server again.`, { cause: error });
  }
}
