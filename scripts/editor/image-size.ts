/**
 * The intrinsic size of a picture under public/, read from its header (no image library): SVG (width and
 * height, else the viewBox), PNG, JPEG, GIF and WebP. The editor fills an image's width and height with it.
 */
import { open, readFile } from 'node:fs/promises';

export interface ImageSize {
  width: number;
  height: number;
}

const positive = (w: number, h: number): ImageSize | undefined => (w > 0 && h > 0 && Number.isFinite(w) && Number.isFinite(h) ? { width: Math.round(w), height: Math.round(h) } : undefined);

function svgSize(text: string): ImageSize | undefined {
  const tag = /<svg\b[^>]*>/i.exec(text)?.[0];
  if (!tag) return undefined;
  const attribute = (name: string) => new RegExp(`\\s${name}\\s*=\\s*["']([^"']*)["']`, 'i').exec(tag)?.[1];
  const number = (v: string | undefined) => (v !== undefined && /^\s*[\d.]+\s*(px)?\s*$/.test(v) ? parseFloat(v) : NaN);
  const fromAttributes = positive(number(attribute('width')), number(attribute('height')));
  if (fromAttributes) return fromAttributes;
  const box = attribute('viewBox')
    ?.trim()
    .split(/[\s,]+/)
    .map(Number);
  return box?.length === 4 ? positive(box[2]!, box[3]!) : undefined;
}

function rasterSize(b: Buffer): ImageSize | undefined {
  if (b.length >= 24 && b.readUInt32BE(0) === 0x89504e47) return positive(b.readUInt32BE(16), b.readUInt32BE(20)); // PNG IHDR
  if (b.length >= 10 && b.toString('latin1', 0, 3) === 'GIF') return positive(b.readUInt16LE(6), b.readUInt16LE(8));
  if (b.length >= 30 && b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WEBP') {
    const chunk = b.toString('latin1', 12, 16);
    if (chunk === 'VP8X') return positive(1 + b.readUIntLE(24, 3), 1 + b.readUIntLE(27, 3));
    if (chunk === 'VP8 ') return positive(b.readUInt16LE(26) & 0x3fff, b.readUInt16LE(28) & 0x3fff);
    if (chunk === 'VP8L') {
      const bits = b.readUInt32LE(21);
      return positive((bits & 0x3fff) + 1, ((bits >> 14) & 0x3fff) + 1);
    }
    return undefined;
  }
  if (b.length >= 4 && b[0] === 0xff && b[1] === 0xd8) {
    // JPEG: walk the segments to the first start-of-frame marker.
    let at = 2;
    while (at + 9 < b.length) {
      if (b[at] !== 0xff) return undefined;
      const marker = b[at + 1]!;
      const length = b.readUInt16BE(at + 2);
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) return positive(b.readUInt16BE(at + 7), b.readUInt16BE(at + 5));
      at += 2 + length;
    }
  }
  return undefined;
}

export async function imageSize(file: string): Promise<ImageSize | undefined> {
  if (file.toLowerCase().endsWith('.svg')) return svgSize(await readFile(file, 'utf8'));
  const handle = await open(file, 'r');
  try {
    // The size lies in the first bytes for every format but JPEG, whose metadata may come first.
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(256 * 1024), 0, 256 * 1024, 0);
    return rasterSize(buffer.subarray(0, bytesRead));
  } finally {
    await handle.close();
  }
}
