/** Content negotiation and on-the-fly compression, for files without precompressed siblings and rendered pages. */
import type { Transform } from 'node:stream';
import zlib from 'node:zlib';

export type Encoding = 'br' | 'gzip';

/** Below this size compression costs more than it saves. */
export const COMPRESS_MIN_BYTES = 1024;

/** The precompressed sibling of a build file in this encoding (scripts/precompress.ts writes them). */
export const SIBLING_SUFFIX: Record<Encoding, string> = { br: '.br', gzip: '.gz' };

/** The encodings the client accepts, best first (br before gzip), honouring q=0 and "*". */
export function acceptedEncodings(header: string | string[] | undefined): Encoding[] {
  const quality = new Map<string, number>();
  for (const part of [header ?? ''].flat().join(',').split(',')) {
    const [name = '', ...params] = part.split(';');
    const coding = name.trim().toLowerCase();
    if (!coding) continue;
    const q = params.map((p) => /^\s*q\s*=\s*([\d.]+)\s*$/i.exec(p)).find(Boolean);
    quality.set(coding, q ? Number(q[1]) : 1);
  }
  const accepts = (coding: string) => (quality.get(coding) ?? quality.get('*') ?? 0) > 0;
  return (['br', 'gzip'] as const).filter(accepts);
}

// Fast settings: these run per request; the build's siblings use the slow, small ones.
const brotliOptions = (size: number): zlib.BrotliOptions => ({
  params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size },
});
const gzipOptions: zlib.ZlibOptions = { level: 6 };

export function compressStream(encoding: Encoding, size: number): Transform {
  return encoding === 'br' ? zlib.createBrotliCompress(brotliOptions(size)) : zlib.createGzip(gzipOptions);
}

export function compressBuffer(encoding: Encoding, data: Buffer): Buffer {
  return encoding === 'br' ? zlib.brotliCompressSync(data, brotliOptions(data.length)) : zlib.gzipSync(data, gzipOptions);
}
