/**
 * GET /_image?src=…&w=…&f=… (src/model/image-endpoint-url.ts): a picture of the blog API, in one width of the
 * width set and one format, encoded once and then served from a bounded disk cache. It takes only pictures of
 * the configured API host (or of this site, by path), or it would fetch anything for anyone (an open proxy);
 * only the width set's widths, so no one can fill the cache with every width there is; and it refuses a file
 * that is no picture, or one whose pixels would not fit in memory once decoded (a decompression bomb), before
 * decoding it.
 */
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { ENDPOINT_FORMATS } from '../../src/model/image-endpoint-url.ts';
import { MIME_TYPES, PICTURE_WIDTHS, type PictureFormat } from '../../src/model/picture-set.ts';
import { sendText } from '../http/responses.ts';
import { DiskCache } from './disk-cache.ts';
import { encodeVariant, PictureInputError, readSource } from './encode.ts';
import { limiter } from './limiter.ts';

/** The source URL names no content hash, so a CDN and browsers keep an answer a day, then ask again. */
export const IMAGE_CACHE_CONTROL = 'public, max-age=86400, stale-while-revalidate=604800';
/** A picture file larger than this is refused before it is read to the end. */
export const MAX_SOURCE_BYTES = 25 * 1024 * 1024;
const FETCH_TIMEOUT_MS = 10_000;

export interface ImageEndpointOptions {
  /** The build's files: a `src` that is a path ("/uploads/…") is read from here. */
  distDir: string;
  /** The blog API's origin (VITE_API_HOST / settings.apiHost); empty: only this site's own pictures. */
  apiHost: string;
  cacheDir: string;
  cacheBytes: number;
  fetch?: typeof fetch;
  /** Cache-Control of an encoded picture; the studio's thumbnails, for signed-in people, are never kept by a proxy. */
  cacheControl?: string;
}

class Refusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

interface Request {
  src: string;
  width: number;
  format: PictureFormat;
}

function parse(search: string, apiOrigin: string | undefined): Request {
  const params = new URLSearchParams(search);
  const src = params.get('src') ?? '';
  const width = params.get('w') ?? '';
  const format = params.get('f') ?? '';
  if (!src) throw new Refusal(400, 'Say which picture: /_image?src=<the picture URL>&w=<width>&f=<format>.');
  if (!PICTURE_WIDTHS.some((w) => String(w) === width)) throw new Refusal(400, `The width "${width}" is not one we make: w must be one of ${PICTURE_WIDTHS.join(', ')}.`);
  if (!ENDPOINT_FORMATS.includes(format as PictureFormat)) throw new Refusal(400, `The format "${format}" is not one we make: f must be one of ${ENDPOINT_FORMATS.join(', ')}.`);
  if (src.startsWith('/') && !src.startsWith('//')) return { src, width: Number(width), format: format as PictureFormat };
  const url = URL.canParse(src) ? new URL(src) : undefined;
  if (!url || !['http:', 'https:'].includes(url.protocol)) throw new Refusal(400, `"${src}" is not a picture URL: src must be an http(s) URL of the blog API or a path of this site.`);
  if (!apiOrigin || url.origin !== apiOrigin) {
    throw new Refusal(403, `Pictures of ${url.host} are not served here: this endpoint only takes pictures of ${apiOrigin ? new URL(apiOrigin).host : 'this site'}.`);
  }
  return { src: url.href, width: Number(width), format: format as PictureFormat };
}

async function readLimited(response: Response): Promise<Buffer> {
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > MAX_SOURCE_BYTES) throw new Refusal(413, `The picture is ${Math.round(declared / 1024 / 1024)} MB; we take files up to ${MAX_SOURCE_BYTES / 1024 / 1024} MB.`);
  const chunks: Buffer[] = [];
  let size = 0;
  const reader = response.body?.getReader();
  for (let part = await reader?.read(); reader && part && !part.done; part = await reader.read()) {
    size += part.value.length;
    if (size > MAX_SOURCE_BYTES) {
      await reader.cancel();
      throw new Refusal(413, `The picture is larger than ${MAX_SOURCE_BYTES / 1024 / 1024} MB, the most we take.`);
    }
    chunks.push(Buffer.from(part.value));
  }
  return Buffer.concat(chunks);
}

export function createImageEndpoint(options: ImageEndpointOptions) {
  const apiOrigin = options.apiHost.trim() && URL.canParse(options.apiHost.trim()) ? new URL(options.apiHost.trim()).origin : undefined;
  const cache = new DiskCache(options.cacheDir, options.cacheBytes);
  const fetchSource = options.fetch ?? fetch;
  const distDir = path.resolve(options.distDir);
  // Many visitors asking for the same new variant at once share one encode.
  const inFlight = new Map<string, Promise<Buffer>>();
  // Two encodes at a time per process, whatever the number of requests: each holds a decoded picture in memory.
  const slot = limiter(2);

  async function source(src: string): Promise<Buffer> {
    if (src.startsWith('/')) {
      const file = path.join(distDir, path.normalize(decodeURIComponent(src.split(/[?#]/)[0]!)));
      const inside =
        file.startsWith(distDir + path.sep) &&
        !path
          .relative(distDir, file)
          .split(path.sep)
          .some((s) => s.startsWith('.'));
      const data = inside ? await readFile(file).catch(() => undefined) : undefined;
      if (!data) throw new Refusal(404, `There is no picture at ${src} on this site.`);
      return data;
    }
    let response: Response;
    try {
      response = await fetchSource(src, { redirect: 'manual', signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
    } catch {
      throw new Refusal(502, 'The blog API did not answer for this picture. Please try again in a minute.');
    }
    // A redirect could lead to any host: followed, it would make this an open proxy again.
    if (response.status >= 300 && response.status < 400) throw new Refusal(502, 'The blog API answered this picture with a redirect, which we do not follow.');
    if (response.status === 404 || response.status === 410) throw new Refusal(404, 'The blog API has no picture at this URL.');
    if (!response.ok) throw new Refusal(502, `The blog API answered ${response.status} for this picture. Please try again in a minute.`);
    return readLimited(response);
  }

  async function variant(request: Request): Promise<Buffer> {
    const input = await source(request.src);
    try {
      await readSource(input);
    } catch (error) {
      if (error instanceof PictureInputError) throw new Refusal(error.reason === 'not-an-image' ? 415 : 422, error.message);
      throw error;
    }
    try {
      return await slot(() => encodeVariant(input, request.width, request.format));
    } catch (error) {
      throw new Refusal(415, `The picture could not be decoded (${error instanceof Error ? error.message : String(error)}): it is damaged or not a picture.`);
    }
  }

  return async function serveImage(_req: IncomingMessage, res: ServerResponse, search: string): Promise<void> {
    let request: Request;
    try {
      request = parse(search, apiOrigin);
    } catch (error) {
      if (error instanceof Refusal) return sendText(res, error.status, error.message);
      throw error;
    }
    const name = `${createHash('sha256').update(`${request.src}\n${request.width}\n${request.format}`).digest('hex').slice(0, 32)}.${request.format}`;
    let data = await cache.get(name);
    if (!data) {
      let pending = inFlight.get(name);
      if (!pending) {
        pending = variant(request).then(async (encoded) => {
          await cache.set(name, encoded);
          return encoded;
        });
        inFlight.set(name, pending);
        void pending.finally(() => inFlight.delete(name)).catch(() => undefined);
      }
      try {
        data = await pending;
      } catch (error) {
        if (error instanceof Refusal) return sendText(res, error.status, error.message);
        throw error;
      }
    }
    res.statusCode = 200;
    res.setHeader('Content-Type', MIME_TYPES[request.format]);
    res.setHeader('Content-Length', data.length);
    res.setHeader('Cache-Control', options.cacheControl ?? IMAGE_CACHE_CONTROL);
    res.end(data); // Node drops the body of a HEAD answer itself.
  };
}
