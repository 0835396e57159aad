/**
 * The one place the server imports the render bundle (dist-server/render/entry-server.js, src/entry-server.tsx):
 * the process reads the site's settings from it at start (main.ts), and renders pages and documents with it on
 * request (render-on-request.ts). Node keeps one instance per file, so both get the same module.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { distLayout, type ServerBundle } from '../src/model/dist-layout.ts';

/** The build is missing or broken: the message says where, and to build. */
export class RenderBundleError extends Error {}

export async function importRenderBundle(renderDir: string): Promise<ServerBundle> {
  const file = path.join(renderDir, distLayout.renderEntry);
  try {
    return (await import(pathToFileURL(file).href)) as ServerBundle;
  } catch (error) {
    const cause = error instanceof Error ? error.message : String(error);
    throw new RenderBundleError(`The server cannot load the render bundle ${file} (${cause}). Build the site with "npm run build", then start the server again.`, { cause: error });
  }
}
