/** Files of the build: content type, precompressed sibling or compression on the fly, ETag/304, caching headers. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createReadStream, type Stats } from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream';
import { COMPRESSIBLE_EXTENSIONS } from '../../src/model/dist-layout.ts';
import { BUILT_PICTURES_DIR } from '../../src/model/picture-set.ts';
import { acceptedEncodings, COMPRESS_MIN_BYTES, compressStream, SIBLING_SUFFIX, type Encoding } from './compression.ts';
import type { BuildFiles } from './build-files.ts';
import { HTML_TYPE, matchesEtag } from './responses.ts';

const CONTENT_TYPES: Record<string, string> = {
  '.html': HTML_TYPE,
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.pdf': 'application/pdf',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
};

function etagOf(stats: Stats, encoding: string): string {
  return `W/"${stats.size.toString(16)}-${Math.floor(stats.mtimeMs).toString(16)}${encoding ? `-${encoding}` : ''}"`;
}

export function cacheControlFor(urlPath: string, file: string): string {
  if (path.extname(file) === '.html') return 'no-cache';
  // Vite puts a content hash in every name under /assets/, the picture pipeline under /_img/: a changed file is a new URL.
  if (urlPath.startsWith('/assets/') || urlPath.startsWith(`/${BUILT_PICTURES_DIR}/`)) return 'public, max-age=31536000, immutable';
  return 'public, max-age=3600';
}

export interface SendFileOptions {
  file: string;
  stats: Stats;
  status: number;
  cacheControl: string;
  /** Answer 304 when the client holds this version; only for 200 answers. */
  conditional: boolean;
}

interface Representation {
  file: string;
  size: number;
  encoding: Encoding | '';
  onTheFly: boolean;
}

/** A precompressed sibling, else compression on the fly, else the file as it is. */
async function pickRepresentation(req: IncomingMessage, files: BuildFiles, file: string, stats: Stats): Promise<Representation> {
  const plain: Representation = { file, size: stats.size, encoding: '', onTheFly: false };
  if (!COMPRESSIBLE_EXTENSIONS.has(path.extname(file).toLowerCase())) return plain;
  const accepted = acceptedEncodings(req.headers['accept-encoding']);
  for (const encoding of accepted) {
    const sibling = await files.stats(file + SIBLING_SUFFIX[encoding]);
    if (sibling) return { file: file + SIBLING_SUFFIX[encoding], size: sibling.size, encoding, onTheFly: false };
  }
  if (accepted[0] && stats.size > COMPRESS_MIN_BYTES) return { file, size: stats.size, encoding: accepted[0], onTheFly: true };
  return plain;
}

export async function sendFile(req: IncomingMessage, res: ServerResponse, files: BuildFiles, options: SendFileOptions): Promise<void> {
  const { file, stats, status, cacheControl, conditional } = options;
  const extension = path.extname(file).toLowerCase();
  const body = await pickRepresentation(req, files, file, stats);

  res.setHeader('Content-Type', CONTENT_TYPES[extension] ?? 'application/octet-stream');
  res.setHeader('Cache-Control', cacheControl);
  if (COMPRESSIBLE_EXTENSIONS.has(extension)) res.setHeader('Vary', 'Accept-Encoding');
  if (body.encoding) res.setHeader('Content-Encoding', body.encoding);
  const etag = etagOf(stats, body.encoding);
  res.setHeader('ETag', etag);

  if (conditional && matchesEtag(req.headers['if-none-match'], etag)) {
    res.statusCode = 304;
    res.removeHeader('Content-Encoding');
    res.end();
    return;
  }

  res.statusCode = status;
  // On-the-fly output has no known length: Node sends it chunked.
  if (!body.onTheFly) res.setHeader('Content-Length', body.size);
  if (req.method === 'HEAD') {
    // Node would drop the body anyway; this skips reading (and compressing) the file.
    res.end();
    return;
  }

  // Small files come from memory, compressed once when they have no sibling; large ones stream from disk.
  const kept = await files.content(body.file, body.size);
  if (kept) {
    const data = body.onTheFly && body.encoding ? files.compressed(body.file, body.encoding, kept) : kept;
    if (body.onTheFly) res.setHeader('Content-Length', data.length);
    res.end(data);
    return;
  }
  const source = createReadStream(body.file);
  // By now the status line is on its way: an error can only be logged (pipeline has closed the response).
  const onDone = (error: NodeJS.ErrnoException | null) => {
    if (error && error.code !== 'ERR_STREAM_PREMATURE_CLOSE') console.error(`Error while sending ${body.file}:`, error);
  };
  if (body.onTheFly && body.encoding) pipeline(source, compressStream(body.encoding, stats.size), res, onDone);
  else pipeline(source, res, onDone);
}
