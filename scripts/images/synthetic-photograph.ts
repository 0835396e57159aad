/**
 * A photograph-like JPEG made from nothing but arithmetic, for the tests and the bench (the repository has only
 * SVGs, and we download nothing): soft light and colour fields, mid-sized shapes with edges, and sensor grain,
 * so encoders see what they see in a camera's picture. The same seed gives the same bytes.
 */
import sharp from 'sharp';

export interface SyntheticPhotoOptions {
  width?: number;
  height?: number;
  seed?: number;
  /** Grain strength (0–40): more grain, more bytes, as with a high-ISO photograph. */
  grain?: number;
  quality?: number;
  format?: 'jpeg' | 'png' | 'webp';
}

/** A small fast PRNG (mulberry32), so a seed always gives the same picture. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export async function syntheticPhotograph({ width = 2400, height = 1600, seed = 1, grain = 14, quality = 92, format = 'jpeg' }: SyntheticPhotoOptions = {}): Promise<Buffer> {
  const next = random(seed);
  const pixels = Buffer.alloc(width * height * 3);
  // A sky-to-ground light field with a warm and a cool light source.
  const lights = Array.from({ length: 3 }, () => ({ x: next() * width, y: next() * height, r: (0.3 + next() * 0.5) * width, c: [next() * 255, next() * 255, next() * 255] }));
  // Blocks of colour with hard edges: windows, desks, people's clothes.
  const shapes = Array.from({ length: 40 }, () => ({ x: next() * width, y: next() * height, w: (0.03 + next() * 0.2) * width, h: (0.03 + next() * 0.3) * height, c: [next() * 255, next() * 255, next() * 255], a: 0.3 + next() * 0.5 }));
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const base = 60 + 120 * (y / height);
      let r = base,
        g = base * 0.95,
        b = base * 0.9;
      for (const l of lights) {
        const d = Math.hypot(x - l.x, y - l.y) / l.r;
        const k = Math.max(0, 1 - d) ** 2 * 0.6;
        r += (l.c[0]! - r) * k;
        g += (l.c[1]! - g) * k;
        b += (l.c[2]! - b) * k;
      }
      for (const s of shapes) {
        if (x >= s.x && x < s.x + s.w && y >= s.y && y < s.y + s.h) {
          r += (s.c[0]! - r) * s.a;
          g += (s.c[1]! - g) * s.a;
          b += (s.c[2]! - b) * s.a;
        }
      }
      // Fine texture (fabric, paper) and grain.
      const texture = 10 * Math.sin(x * 0.21 + Math.sin(y * 0.05) * 4) * Math.sin(y * 0.17);
      const noise = (next() - 0.5) * grain * 2;
      const at = (y * width + x) * 3;
      pixels[at] = Math.max(0, Math.min(255, r + texture + noise));
      pixels[at + 1] = Math.max(0, Math.min(255, g + texture + noise));
      pixels[at + 2] = Math.max(0, Math.min(255, b + texture + noise));
    }
  }
  const image = sharp(pixels, { raw: { width, height, channels: 3 } }).blur(0.6);
  if (format === 'png') return image.png().toBuffer();
  if (format === 'webp') return image.webp({ quality }).toBuffer();
  return image.jpeg({ quality }).toBuffer();
}
