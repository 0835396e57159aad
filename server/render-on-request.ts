/**
 * Pages that show blog answers (the Insights list, an article) rendered on each request with those answers,
 * from the server bundle (renderOnRequest in src/entry-server.tsx) and the page templates the build keeps in
 * dist-ssr/templates/. Every other page is served as prerendered.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { distLayout, fillTemplate, type ServerBundle } from '../src/model/dist-layout.ts';

/** How long a page waits for the blog service before it is served without the answers (the browser then fetches them). */
export const REQUEST_DATA_TIMEOUT_MS = 2500;

export type RenderedPage = { kind: 'rendered'; html: string } | { kind: 'prerendered' } | { kind: 'missing' };

export interface RequestRenderer {
  /** `page` is the page document the path resolved to. Throws when the blog service fails. */
  render(urlPath: string, page: string, selfOrigin: string): Promise<RenderedPage>;
}

export function createRequestRenderer(ssrDir: string, timeoutMs = REQUEST_DATA_TIMEOUT_MS): RequestRenderer {
  // Both read once, at the first request that needs them; a failure is not remembered (building fixes it).
  let templates: Promise<Map<string, string>> | undefined;
  let bundle: Promise<ServerBundle> | undefined;
  const once = <T>(promise: Promise<T>, forget: () => void) => promise.catch((error: unknown) => (forget(), Promise.reject(error)));
  const readTemplates = async () => {
    const dir = path.join(ssrDir, distLayout.templatesDir);
    const names = (await readdir(dir).catch(() => [])).filter((f) => f.endsWith('.html'));
    return new Map(await Promise.all(names.map(async (f) => [f.slice(0, -'.html'.length), await readFile(path.join(dir, f), 'utf8')] as const)));
  };
  const importBundle = async () => (await import(pathToFileURL(path.join(ssrDir, distLayout.serverEntry)).href)) as ServerBundle;

  return {
    async render(urlPath, page, selfOrigin) {
      const template = (await (templates ??= once(readTemplates(), () => (templates = undefined)))).get(page);
      if (!template) return { kind: 'prerendered' };
      const { renderOnRequest } = await (bundle ??= once(importBundle(), () => (bundle = undefined)));
      const result = await renderOnRequest(urlPath, { selfOrigin, timeoutMs });
      if (result.kind !== 'rendered') return result;
      return { kind: 'rendered', html: fillTemplate(template, result.head, result.html) };
    },
  };
}
